% Solution from solved_str of SAMPLE_3 in tests/samples.py of vil02/str8ts_solver (MIT);
% uniqueness checked by enumeration with no-good cuts.
% solutions: 1
0 0 6 8 7 0 1 3 2
6 8 9 7 5 0 4 2 3
5 6 7 0 4 2 3 0 0
0 9 8 5 3 4 2 6 7
4 5 0 2 1 3 0 7 8
3 7 2 4 6 1 8 5 0
0 0 1 3 2 0 6 4 5
2 3 4 0 9 7 5 8 6
1 2 3 0 8 6 7 0 0
