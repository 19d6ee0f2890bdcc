% Read from the ASCII art of Chistaif/Futoshiki-Puzzles Outputs/output-10.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
9 5 3 1 7 8 4 2 6
2 9 4 7 3 1 5 6 8
7 1 6 9 2 5 8 3 4
8 6 9 4 5 3 2 1 7
6 2 5 3 4 7 9 8 1
1 8 2 5 9 4 6 7 3
3 7 8 2 6 9 1 4 5
4 3 1 6 8 2 7 5 9
5 4 7 8 1 6 3 9 2
