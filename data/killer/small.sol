% human grade: lines
% solutions: 1
4 1 3 2
3 2 1 4
1 4 2 3
2 3 4 1
