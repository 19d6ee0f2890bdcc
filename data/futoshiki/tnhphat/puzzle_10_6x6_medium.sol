% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_10_6x6_medium.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
4 2 6 1 3 5
3 4 2 5 1 6
1 5 3 4 6 2
6 3 1 2 5 4
5 1 4 6 2 3
2 6 5 3 4 1
