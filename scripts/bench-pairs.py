#!/usr/bin/env python3
# shellcheck disable=SC1071 # python, among the scripts that 'shellcheck scripts/*' checks
"""Usage: scripts/bench-pairs.py --runs N --url URL --jq FILTER [--floor PROGRAM] [--swift-floor PROGRAM]
                              [-e NAME=VALUE]... -- COMMAND...

Times COMMAND against curl fetching the same page, pair by pair, for scripts/bench (which runs
it; see scripts/bench --help). Each round runs, one after the other:
  COMMAND                          with exactly the -e variables as its environment
  curl -q -s -o /dev/null URL      the same libcurl fetching the same page, writing nothing
  curl -q -s URL | jq -r FILTER    a shell user's way of printing the same fields
and COMMAND's time is divided by each of the last two's in the same round: a ratio taken pair by
pair moves less with the machine's load than a ratio of two medians measured minutes apart. The
pipeline's two processes are started by this script, joined by a pipe, with no shell between
(a shell's own start would be timed). With --floor, each round also runs 'PROGRAM URL'
(Tests/bench/floor.c: libcurl loaded at run time as meli loads it, the page fetched, nothing
written), divided by curl's time of the same round; with --swift-floor, 'PROGRAM URL' too (the
same C code in a static Swift program: scripts/bench-floors builds both).

After one warm-up round, N rounds; prints one line:
  RATIO_CURL RATIO_JQ COMMAND_MS CURL_MS JQ_MS FLOOR_RATIO FLOOR_MS SWIFT_RATIO SWIFT_MS
the medians of COMMAND / curl, COMMAND / (curl | jq), each floor / curl, and the median wall time
of each, in ms ('-' for a floor's two when it was not given).
A program named without a '/' is looked up on this script's PATH (the -e variables are only the
commands' environment). Exits 1 naming the command when one cannot be started or fails (in a
pipeline, the last that failed: jq's failure makes curl's write fail), 2 on a bad argument.
"""
import argparse, os, shlex, shutil, statistics, sys, time


def spawn(argv, env, stdin=None, stdout=None):
    """Starts argv (argv[0] a path: see resolved), with stdin/stdout as given and stderr discarded."""
    actions = []
    devnull = os.open(os.devnull, os.O_RDWR)
    actions.append((os.POSIX_SPAWN_DUP2, stdin if stdin is not None else devnull, 0))
    actions.append((os.POSIX_SPAWN_DUP2, stdout if stdout is not None else devnull, 1))
    actions.append((os.POSIX_SPAWN_DUP2, devnull, 2))
    try:
        return os.posix_spawn(argv[0], argv, env, file_actions=actions)
    except OSError as error:
        raise SystemExit(f"bench-pairs.py: cannot start {shlex.join(argv)}: {error.strerror}")
    finally:
        os.close(devnull)


def resolved(argv):
    """argv with its program as a path: a name without '/' looked up on PATH, else exit 1."""
    if argv[0] == "":
        raise SystemExit("bench-pairs.py: cannot run '': no program named")
    if "/" in argv[0]:
        found = argv[0] if os.access(argv[0], os.X_OK) and os.path.isfile(argv[0]) else None
    else:
        found = shutil.which(argv[0])
    if found is None:
        raise SystemExit(f"bench-pairs.py: cannot run '{argv[0]}': no such executable file" + ("" if "/" in argv[0] else " on PATH"))
    return [found] + argv[1:]


def timed(*commands):
    """Runs the commands joined by pipes (one: alone); wall seconds until the last one ends."""
    started = time.perf_counter()
    pids, previous = [], None
    for index, (argv, env) in enumerate(commands):
        last = index == len(commands) - 1
        read_end, write_end = (None, None) if last else os.pipe()
        pids.append((argv, spawn(argv, env, stdin=previous, stdout=write_end)))
        if previous is not None:
            os.close(previous)
        if write_end is not None:
            os.close(write_end)
        previous = read_end
    failed = None
    for argv, pid in pids:
        _, status = os.waitpid(pid, 0)
        # The last that failed: a pipeline's later command failing makes the earlier one's writes fail.
        if os.waitstatus_to_exitcode(status) != 0:
            failed = f"{shlex.join(argv)} exited {os.waitstatus_to_exitcode(status)}"
    if failed:
        raise SystemExit(f"bench-pairs.py: {failed}; run it by hand to see why")
    return time.perf_counter() - started


def main():
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return
    parser = argparse.ArgumentParser(prog="scripts/bench-pairs.py", add_help=False, allow_abbrev=False)
    parser.add_argument("--runs", type=int, required=True)
    parser.add_argument("--url", required=True)
    parser.add_argument("--jq", required=True)
    parser.add_argument("--floor")
    parser.add_argument("--swift-floor")
    parser.add_argument("-e", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("command", nargs="+")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error(f"--runs takes a number above 0, not {args.runs}")
    for item in args.e:
        if "=" not in item:
            parser.error(f"-e takes NAME=VALUE, not '{item}'")
    env = dict(item.split("=", 1) for item in args.e)
    tools = {}
    for tool in ("curl", "jq"):
        tools[tool] = shutil.which(tool)
        if tools[tool] is None:
            raise SystemExit(f"bench-pairs.py: {tool} is missing; run scripts/setup")
    command = (resolved(args.command), env)
    curl_alone = ([tools["curl"], "-q", "-s", "-o", "/dev/null", args.url], env)
    curl_piped = ([tools["curl"], "-q", "-s", args.url], env)
    jq = ([tools["jq"], "-r", args.jq], env)
    floors = [(resolved([program, args.url]), env) if program is not None else None for program in (args.floor, args.swift_floor)]
    rounds = []
    for round_number in range(args.runs + 1):
        measured = (timed(command), timed(curl_alone), timed(curl_piped, jq)) + tuple(timed(f) if f else 0 for f in floors)
        if round_number > 0:
            rounds.append(measured)
    median = statistics.median
    line = "%.2f %.2f %.2f %.2f %.2f" % (
        median(r[0] / r[1] for r in rounds), median(r[0] / r[2] for r in rounds),
        median(r[0] for r in rounds) * 1000, median(r[1] for r in rounds) * 1000,
        median(r[2] for r in rounds) * 1000)
    for index, floor in enumerate(floors, start=3):
        if floor:
            line += " %.2f %.2f" % (median(r[index] / r[1] for r in rounds), median(r[index] for r in rounds) * 1000)
        else:
            line += " - -"
    print(line)


if __name__ == "__main__":
    main()
