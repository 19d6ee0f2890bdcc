% Read from the ASCII art of Chistaif/Futoshiki-Puzzles Outputs/output-06.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
3 1 4 5 2 6
1 3 2 6 4 5
6 4 5 2 3 1
2 5 3 1 6 4
4 6 1 3 5 2
5 2 6 4 1 3
