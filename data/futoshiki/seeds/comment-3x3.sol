% Solutions from the seed documents; the count was checked by exhaustive search.
% solutions: 1
2 3 1
3 1 2
1 2 3
