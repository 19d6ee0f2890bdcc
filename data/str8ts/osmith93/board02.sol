% Solved by futomip (highspy/HiGHS) and checked with verify; osmith93/str8ts publishes no solutions.
% The count comes from enumeration with no-good cuts.
% at least 20 solutions (enumeration stopped there); this is one of them
0 0 3 2 4 0 7 6 8
5 4 2 1 3 6 8 9 7
2 3 4 0 0 8 6 7 0
1 2 0 4 6 7 9 8 5
3 0 0 6 7 5 0 0 4
4 7 6 5 8 9 0 3 2
0 6 5 7 0 0 4 2 3
7 9 8 3 1 2 5 4 6
6 8 7 0 2 1 3 0 0
