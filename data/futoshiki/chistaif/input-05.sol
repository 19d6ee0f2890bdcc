% Read from the ASCII art of Chistaif/Futoshiki-Puzzles Outputs/output-05.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
3 6 2 1 5 4
4 2 6 5 3 1
6 5 3 4 1 2
1 3 5 2 4 6
2 4 1 3 6 5
5 1 4 6 2 3
