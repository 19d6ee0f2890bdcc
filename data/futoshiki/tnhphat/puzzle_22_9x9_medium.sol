% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_22_9x9_medium.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
2 9 8 4 3 6 1 7 5
7 8 4 9 6 5 3 1 2
9 4 6 1 7 2 5 8 3
4 6 5 7 9 1 2 3 8
1 2 9 5 4 3 8 6 7
3 1 2 8 5 9 7 4 6
6 3 7 2 1 8 4 5 9
8 5 1 3 2 7 6 9 4
5 7 3 6 8 4 9 2 1
