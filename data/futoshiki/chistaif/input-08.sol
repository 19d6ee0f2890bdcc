% Read from the ASCII art of Chistaif/Futoshiki-Puzzles Outputs/output-08.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
1 2 3 7 4 5 6
2 4 6 5 7 3 1
4 3 7 6 5 1 2
3 7 1 4 2 6 5
5 1 4 2 6 7 3
6 5 2 3 1 4 7
7 6 5 1 3 2 4
