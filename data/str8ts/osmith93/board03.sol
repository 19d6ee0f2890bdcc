% Solved by futomip (highspy/HiGHS) and checked with verify; osmith93/str8ts publishes no solutions.
% The count comes from enumeration with no-good cuts.
% at least 20 solutions (enumeration stopped there); this is one of them
0 0 3 4 5 0 6 8 7
1 4 2 3 6 5 9 7 8
3 2 1 0 0 7 8 6 0
2 3 0 5 8 6 7 9 4
4 0 0 7 9 8 0 0 5
5 9 8 6 7 4 0 3 2
0 8 7 9 0 0 3 2 1
7 6 9 8 1 2 5 4 3
8 7 6 0 2 3 4 0 0
