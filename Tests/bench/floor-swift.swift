// Tests/bench/floor.c inside a static Swift program (scripts/bench-floors builds it with the link
// options scripts/build gives meli on Linux): the floor under any Swift client that loads libcurl
// as meli does. What it takes beyond the C floor is what a static Swift binary costs (its size,
// the runtime's start); what meli takes beyond it is meli's own work.
#if canImport(Glibc)
import Glibc
#endif

exit(meli_floor_main(CommandLine.argc, CommandLine.unsafeArgv))
