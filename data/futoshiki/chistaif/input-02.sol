% Read from the ASCII art of Chistaif/Futoshiki-Puzzles Outputs/output-02.txt (MIT);
% the count was checked by exhaustive search.
% solutions: 1
2 1 3 4
3 4 2 1
4 2 1 3
1 3 4 2
