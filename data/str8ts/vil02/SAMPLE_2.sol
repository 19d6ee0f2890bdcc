% Solution from solved_str of SAMPLE_2 in tests/samples.py of vil02/str8ts_solver (MIT);
% uniqueness checked by enumeration with no-good cuts.
% solutions: 1
0 1 3 2 0 0 8 7 6
0 3 2 1 5 6 7 4 0
0 2 1 0 4 3 6 5 0
2 0 0 8 7 4 5 6 3
3 0 6 7 8 5 9 0 1
4 5 8 6 9 7 0 0 2
0 6 5 4 3 0 2 1 0
0 8 7 5 6 2 4 3 0
8 7 9 0 0 1 3 2 0
