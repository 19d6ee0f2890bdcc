% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_05_5x5_easy.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
1 4 5 2 3
2 5 4 3 1
4 1 3 5 2
3 2 1 4 5
5 3 2 1 4
