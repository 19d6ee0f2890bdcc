% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_20_8x8_hard.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
3 1 6 7 5 4 2 8
6 2 7 1 4 8 5 3
4 8 3 2 6 1 7 5
7 4 2 5 8 3 1 6
5 7 4 8 2 6 3 1
2 3 8 4 1 5 6 7
1 6 5 3 7 2 8 4
8 5 1 6 3 7 4 2
