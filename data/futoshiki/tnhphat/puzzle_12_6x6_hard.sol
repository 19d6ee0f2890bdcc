% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_12_6x6_hard.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
6 4 1 5 3 2
1 3 4 2 5 6
4 2 6 3 1 5
5 6 2 1 4 3
3 1 5 6 2 4
2 5 3 4 6 1
