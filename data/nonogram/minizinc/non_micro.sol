% No .out file is published for this instance: found by futomip (highspy/HiGHS),
% checked with verify; enumeration with no-good cuts finds exactly 3 solutions.
% solutions: 3
.###.
#...#
#...#
#...#
.###.

..###
.#..#
#...#
#..#.
###..

###..
#..#.
#...#
.#..#
..###
