% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_06_5x5_medium.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
5 4 3 1 2
2 5 4 3 1
1 3 2 5 4
4 1 5 2 3
3 2 1 4 5
