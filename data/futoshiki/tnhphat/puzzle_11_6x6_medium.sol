% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_11_6x6_medium.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
5 1 6 2 4 3
4 6 1 3 2 5
6 2 3 1 5 4
2 5 4 6 3 1
3 4 2 5 1 6
1 3 5 4 6 2
