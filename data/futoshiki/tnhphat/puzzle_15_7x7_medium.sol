% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_15_7x7_medium.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
7 2 3 6 1 5 4
4 3 6 5 2 7 1
6 4 5 3 7 1 2
2 6 1 4 5 3 7
5 1 4 7 3 2 6
1 5 7 2 4 6 3
3 7 2 1 6 4 5
