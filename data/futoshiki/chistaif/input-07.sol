% Read from the ASCII art of Chistaif/Futoshiki-Puzzles Outputs/output-07.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
6 5 2 3 7 1 4
2 1 6 7 4 3 5
5 4 7 1 2 6 3
1 7 5 4 3 2 6
4 6 3 2 5 7 1
7 3 1 5 6 4 2
3 2 4 6 1 5 7
