% Read from the ASCII art of Chistaif/Futoshiki-Puzzles Outputs/output-04.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
3 2 5 4 1
4 1 3 2 5
1 5 4 3 2
2 4 1 5 3
5 3 2 1 4
