% Solved by futomip (highspy/HiGHS) and checked with verify; osmith93/str8ts publishes no solutions.
% The count comes from enumeration with no-good cuts.
% solutions: 1
4 5 0 0 8 6 7 0 0
2 1 3 0 0 7 8 9 6
3 2 4 0 6 5 0 7 8
0 3 1 4 2 0 0 6 5
9 4 2 5 3 1 6 8 7
6 7 0 0 4 2 5 3 0
7 8 0 6 5 0 4 2 3
8 6 5 7 0 0 3 4 2
0 0 6 8 7 0 0 5 4
