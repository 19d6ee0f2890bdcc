% Solutions from the seed documents; the count was checked by exhaustive search.
% solutions: 39
4 3 5 1 2
1 2 3 5 4
3 1 2 4 5
2 5 4 3 1
5 4 1 2 3

2 1 5 4 3
3 2 4 5 1
4 3 2 1 5
5 4 1 3 2
1 5 3 2 4
