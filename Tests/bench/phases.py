#!/usr/bin/env python3
"""Usage: python3 Tests/bench/phases.py ROUNDS -- COMMAND... [-- COMMAND...]

Times the phases of each COMMAND (Tests/bench/phases.c, built here with cc and preloaded: the
loader done, libcurl's dlopen started and returned, threads, connect, the body's last read, the
last-search hint, the first output, the exit), the commands one after the other in each of
ROUNDS rounds, and prints each phase's median in ms since the spawn. For the README's "Where
the rest goes" table; Linux (glibc) only. The environment is this process's: run it with the
HOME, MELI_ENV_FILE and MELI_API_BASE_URL the commands need.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time


def main():
    if len(sys.argv) < 4 or sys.argv[2] != '--' or sys.argv[1] in ('-h', '--help'):
        print(__doc__.strip(), file=sys.stderr if sys.argv[1:2] != ['--help'] else sys.stdout)
        sys.exit(0 if sys.argv[1:2] == ['--help'] else 2)
    rounds = int(sys.argv[1])
    commands, current = [], None
    for word in sys.argv[2:]:
        if word == '--':
            current = []
            commands.append(current)
        else:
            current.append(word)
    here = os.path.dirname(os.path.abspath(__file__))
    scratch = tempfile.mkdtemp()
    library = os.path.join(scratch, 'phases.so')
    subprocess.run(['cc', '-O2', '-shared', '-fPIC', '-o', library, os.path.join(here, 'phases.c'), '-ldl'], check=True)
    found = [dict() for _ in commands]
    for _ in range(rounds):
        for index, command in enumerate(commands):
            out = os.path.join(scratch, 'out')
            if os.path.exists(out):
                os.unlink(out)
            env = dict(os.environ, LD_PRELOAD=library, PHASES_OUT=out, PHASES_T0='%.6f' % (time.clock_gettime(time.CLOCK_MONOTONIC) * 1e3))
            subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if not os.path.exists(out):
                continue
            # The last stamp of a name counts (the body's last short read, not its first).
            stamps = dict(pair.split('=') for pair in open(out).read().split())
            for name, value in stamps.items():
                found[index].setdefault(name, []).append(float(value))
    for command, phases in zip(commands, found):
        medians = sorted((statistics.median(values), name) for name, values in phases.items())
        print(' '.join(command[:3]) + ': ' + '  '.join('%s %.2f' % (name, value) for value, name in medians))


if __name__ == '__main__':
    main()
