% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_21_9x9_easy.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
1 5 7 6 3 9 2 8 4
9 2 6 8 7 3 5 4 1
5 6 2 3 9 4 1 7 8
2 7 9 1 8 5 4 6 3
8 1 4 9 5 2 6 3 7
7 4 3 2 6 8 9 1 5
6 8 1 4 2 7 3 5 9
3 9 8 5 4 1 7 2 6
4 3 5 7 1 6 8 9 2
