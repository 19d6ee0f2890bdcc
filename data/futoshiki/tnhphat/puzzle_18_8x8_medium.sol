% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_18_8x8_medium.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
5 7 1 3 8 6 4 2
6 8 2 4 1 5 3 7
2 1 5 8 7 4 6 3
3 6 4 7 5 1 2 8
7 4 3 1 6 2 8 5
8 5 7 2 4 3 1 6
4 2 8 6 3 7 5 1
1 3 6 5 2 8 7 4
