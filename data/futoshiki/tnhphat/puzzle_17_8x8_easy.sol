% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_17_8x8_easy.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
7 5 2 8 1 6 4 3
6 2 4 1 3 5 7 8
8 3 7 2 5 1 6 4
4 8 1 7 2 3 5 6
3 1 5 6 4 8 2 7
1 4 6 3 7 2 8 5
5 6 3 4 8 7 1 2
2 7 8 5 6 4 3 1
