% Solved by futomip (highspy/HiGHS) and checked with verify; osmith93/str8ts publishes no solutions.
% The count comes from enumeration with no-good cuts.
% solutions: 1
0 0 8 9 7 6 5 4 3
8 9 0 4 6 7 2 3 5
7 8 0 3 5 4 1 6 2
3 2 0 5 8 9 4 7 6
9 7 6 8 0 2 3 5 4
5 3 4 6 2 1 0 9 8
4 6 5 7 3 8 0 2 1
6 4 3 2 1 5 0 8 7
2 5 7 1 4 3 6 0 0
