% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_24_9x9_hard.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
6 3 2 5 9 7 4 1 8
8 9 5 7 2 1 6 4 3
2 5 9 1 6 3 7 8 4
5 4 1 3 7 9 8 6 2
4 7 8 6 1 5 2 3 9
3 8 6 4 5 2 9 7 1
1 2 7 8 4 6 3 9 5
7 1 3 9 8 4 5 2 6
9 6 4 2 3 8 1 5 7
