% Solutions from the seed documents; the count was checked by exhaustive search.
% solutions: 1
5 1 3 2 4
3 5 4 1 2
4 2 1 5 3
2 3 5 4 1
1 4 2 3 5
