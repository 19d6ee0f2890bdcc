% Solution from solved_str of SAMPLE_1 in tests/samples.py of vil02/str8ts_solver (MIT);
% uniqueness checked by enumeration with no-good cuts.
% solutions: 1
0 0 9 6 5 8 7 0 0
8 6 5 7 0 0 1 2 3
7 5 6 0 0 2 3 1 4
9 8 7 0 3 1 2 0 0
0 7 4 1 2 3 6 5 0
0 0 2 3 1 0 5 4 6
4 1 3 2 0 0 8 6 7
3 2 1 0 0 6 9 7 8
0 0 8 5 6 7 4 0 0
