% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_03_4x4_medium.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
1 4 2 3
4 2 3 1
3 1 4 2
2 3 1 4
