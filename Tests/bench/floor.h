// Tests/bench/floor.c's main, renamed (-Dmain=meli_floor_main) for Tests/bench/floor-swift.swift.
int meli_floor_main(int argc, char **argv);
