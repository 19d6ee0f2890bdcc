% The solution of Guardian Futoshiki #1; futomip --unique proved it the only one.
% solutions: 1
1 3 5 2 4
2 1 3 4 5
5 4 2 3 1
3 5 4 1 2
4 2 1 5 3
