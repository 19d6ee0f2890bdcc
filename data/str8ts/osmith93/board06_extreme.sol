% Solved by futomip (highspy/HiGHS) and checked with verify; osmith93/str8ts publishes no solutions.
% The count comes from enumeration with no-good cuts.
% solutions: 1
0 0 8 7 9 0 6 4 5
9 5 7 4 8 3 2 1 6
2 1 0 6 7 5 3 8 4
8 7 6 5 0 4 1 2 3
7 6 5 0 1 0 4 3 2
4 2 3 1 0 8 5 6 7
3 4 1 2 5 6 0 7 8
6 8 2 3 4 9 7 5 1
5 3 4 0 6 7 8 0 0
