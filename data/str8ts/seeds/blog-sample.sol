% Solution from the seed documents; uniqueness checked by enumeration with no-good cuts.
% solutions: 1
9 8 0 7 6 5 0 3 4
8 9 5 6 7 0 0 4 3
0 5 6 0 0 3 2 1 0
6 7 0 3 5 4 1 2 0
7 6 0 4 3 2 0 8 9
0 3 2 5 4 1 0 9 8
0 4 3 2 0 0 5 6 0
1 2 0 0 8 6 4 7 5
2 1 0 8 9 7 0 5 6
