% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_07_5x5_medium.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
3 5 4 2 1
4 2 3 1 5
5 1 2 3 4
2 4 1 5 3
1 3 5 4 2
