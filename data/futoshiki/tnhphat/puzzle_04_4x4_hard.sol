% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_04_4x4_hard.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
2 3 1 4
3 1 4 2
4 2 3 1
1 4 2 3
