% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_13_7x7_easy.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
6 7 2 1 5 3 4
4 1 6 5 3 7 2
1 6 5 7 2 4 3
7 2 3 6 4 5 1
2 3 7 4 1 6 5
3 5 4 2 6 1 7
5 4 1 3 7 2 6
