% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_02_4x4_medium.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
2 1 4 3
4 2 3 1
1 3 2 4
3 4 1 2
