% Read from the ASCII art of Chistaif/Futoshiki-Puzzles Outputs/output-09.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
5 9 8 1 2 4 6 3 7
3 8 1 7 6 2 5 9 4
1 4 2 6 9 3 8 7 5
2 5 3 9 7 1 4 6 8
4 6 5 3 1 8 7 2 9
8 7 4 2 3 5 9 1 6
9 1 7 4 5 6 3 8 2
7 2 6 5 8 9 1 4 3
6 3 9 8 4 7 2 5 1
