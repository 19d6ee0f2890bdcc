% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_08_5x5_hard.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
3 2 4 5 1
4 3 1 2 5
1 5 2 3 4
2 1 5 4 3
5 4 3 1 2
