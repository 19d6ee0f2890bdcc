% Read from the ASCII art of Chistaif/Futoshiki-Puzzles Outputs/output-03.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
4 3 5 2 1
5 2 3 1 4
1 5 2 4 3
2 4 1 3 5
3 1 4 5 2
