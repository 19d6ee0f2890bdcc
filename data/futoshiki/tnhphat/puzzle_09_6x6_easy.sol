% From TNhPhat/Futoshiki_VifeAgent src/benchmark/expected/puzzle_09_6x6_easy.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
3 4 5 1 2 6
6 1 2 3 4 5
2 6 3 5 1 4
4 5 6 2 3 1
1 2 4 6 5 3
5 3 1 4 6 2
