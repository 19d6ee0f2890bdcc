% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_16_7x7_hard.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
2 4 1 6 5 7 3
1 2 4 3 6 5 7
5 6 3 1 7 4 2
7 1 6 4 2 3 5
6 3 5 7 4 2 1
3 5 7 2 1 6 4
4 7 2 5 3 1 6
