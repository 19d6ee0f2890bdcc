% The solution of Guardian Futoshiki #6; futomip --unique proved it the only one.
% solutions: 1
2 3 5 4 1
1 4 2 3 5
3 2 1 5 4
4 5 3 1 2
5 1 4 2 3
