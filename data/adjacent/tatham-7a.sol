% The solution printed by Tatham's own solver; futomip --unique proves it the only one.
% solutions: 1
2 1 4 6 3 7 5
3 7 6 2 4 5 1
7 2 5 3 6 1 4
4 6 1 7 5 3 2
6 5 3 1 2 4 7
5 3 7 4 1 2 6
1 4 2 5 7 6 3
