% Solutions from the seed documents; the count was checked by exhaustive search.
% solutions: 1
2 1 3 4
1 4 2 3
3 2 4 1
4 3 1 2
