% Solved by futomip (highspy/HiGHS) and checked with verify; osmith93/str8ts publishes no solutions.
% The count comes from enumeration with no-good cuts.
% solutions: 1
0 0 2 3 4 0 9 7 8
2 3 1 4 5 9 8 6 7
5 4 3 0 0 6 7 8 0
1 2 0 9 8 7 6 5 4
3 0 0 6 7 5 0 0 2
4 7 9 5 6 8 0 2 1
0 8 6 7 0 0 5 4 3
6 9 7 8 1 2 4 3 5
7 6 8 0 2 1 3 0 0
