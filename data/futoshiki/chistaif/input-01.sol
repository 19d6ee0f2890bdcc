% Read from the ASCII art of Chistaif/Futoshiki-Puzzles Outputs/output-01.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
4 2 1 3
1 4 3 2
2 3 4 1
3 1 2 4
