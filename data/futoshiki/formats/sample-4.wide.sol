% Solutions from the seed documents; the count was checked by exhaustive search.
% solutions: 1
4 3 5 1 2
3 2 4 5 1
5 1 2 4 3
2 5 1 3 4
1 4 3 2 5
