% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_23_9x9_medium.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
5 2 4 1 6 7 3 9 8
9 3 8 4 5 2 1 7 6
1 7 2 5 8 3 9 6 4
7 9 3 8 4 1 6 2 5
3 8 7 6 2 5 4 1 9
6 4 1 3 9 8 2 5 7
8 6 5 2 3 9 7 4 1
4 5 9 7 1 6 8 3 2
2 1 6 9 7 4 5 8 3
