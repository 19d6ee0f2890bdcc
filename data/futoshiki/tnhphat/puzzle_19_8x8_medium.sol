% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_19_8x8_medium.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
7 8 2 5 1 6 3 4
3 4 8 1 2 5 6 7
8 5 1 7 6 4 2 3
4 7 5 6 3 8 1 2
1 3 4 2 5 7 8 6
5 6 7 3 8 2 4 1
6 2 3 8 4 1 7 5
2 1 6 4 7 3 5 8
