% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_01_4x4_easy.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
2 3 1 4
4 1 2 3
3 2 4 1
1 4 3 2
