% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_14_7x7_medium.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
4 1 2 3 6 7 5
7 3 6 1 2 5 4
3 6 7 2 5 4 1
2 4 3 5 7 1 6
5 2 4 6 1 3 7
1 7 5 4 3 6 2
6 5 1 7 4 2 3
