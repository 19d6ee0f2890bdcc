% Solutions from the seed documents; the count was checked by exhaustive search.
% solutions: 1
7 3 4 2 6 5 1
6 1 3 4 5 7 2
4 5 6 3 1 2 7
3 4 7 1 2 6 5
2 6 5 7 4 1 3
1 7 2 5 3 4 6
5 2 1 6 7 3 4
