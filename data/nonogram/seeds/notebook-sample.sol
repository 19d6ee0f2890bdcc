% solutions: 10
% The two solutions printed in the seed documents ("#" black, "."  white); 10 in all.
#.###
.#...
....#
.#.#.
#.#..

#.###
.#...
#....
.#.#.
..#.#
