#!/usr/bin/env python3
# shellcheck disable=SC1071 # python, among the scripts that 'shellcheck scripts/*' checks
"""Usage: scripts/link-order.py [--dev BINARY] [--qa BINARY] [--out FILE]

Writes Config/link-order (or FILE): the functions of the release binary that its common runs
execute, one symbol a line, hot first. scripts/build hands it to ld.lld on Linux
(--symbol-ordering-file), which places those functions first in .text, side by side.

Why: the kernel maps a binary's code 64 KiB at a time (fault-around), so a run keeps resident
every 64 KiB block in which it executes anything. Left in the order of the object files, the few
hundred KB that a search runs were spread over the whole 6 MB of code, and a search kept 5.7 MB
of it resident, a third of its peak memory. Gathered at the front, they share fewer blocks.

How: each run below goes through valgrind's callgrind (--demangle=no: the symbols as the linker
names them) with a fresh HOME; the functions of the binary itself (not of libc or libcurl)
that executed at least one instruction are kept, in the order of the first run that needed them
(--version, an uncached and a cached search against a loopback stand-in API, a sandbox search,
item, category, an error exit), then those more runs share first, then by name, so that one build
gives one file (the threads' timing moves a few lines). Each run then finds most of its code in
one stretch from the start: --version's, then what the search adds, and so on. BINARY are the unstripped release builds (default .build/release/meli-dev and meli-qa, made
by 'scripts/build dev' and 'scripts/build qa').

When to rerun it: after changes to what these commands run (new start-up work, a new decoder, a
toolchain update). A stale file costs only memory, never correctness: lld ignores a symbol that no
longer exists (--no-warn-symbol-ordering), and a function missing from the list stays where it
was, after the listed ones.
"""
import http.server
import os
import re
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "Tests/MeliCoreTests/Fixtures/ml-api/search_MLA_motorola_g6_2021.json")


def serve(page):
    """A loopback stand-in API answering every request with one real search page; its port."""
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_address[1]


def executed(profile, binary):
    """The symbols of BINARY's own functions in a callgrind profile (names are compressed as
    'fn=(id) name' at their first use, 'fn=(id)' after; ob= names the object of the fn= lines)."""
    names, objects, found = {}, {}, set()
    current_object = None
    real = os.path.realpath(binary)
    with open(profile, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            match = re.match(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if not match:
                continue
            kind, ident, name = match.groups()
            table = objects if kind.endswith("ob") else names
            if name is not None:
                table[ident] = name
            if kind == "ob":
                current_object = objects.get(ident)
            elif kind == "fn" and current_object and os.path.realpath(current_object) == real:
                # "name'2" is callgrind's second level of a recursion; "(below main)" and "0x..."
                # are its names for code without a symbol.
                symbol = names.get(ident, "").split("'")[0]
                if symbol and not symbol.startswith(("0x", "(")):
                    found.add(symbol)
    return found


def main(argv):
    dev = os.path.join(ROOT, ".build/release/meli-dev")
    qa = os.path.join(ROOT, ".build/release/meli-qa")
    out = os.path.join(ROOT, "Config/link-order")
    args = list(argv)
    while args:
        option = args.pop(0)
        if option in ("-h", "--help"):
            print(__doc__)
            return 0
        if option in ("--dev", "--qa", "--out") and args:
            value = args.pop(0)
            if option == "--dev":
                dev = value
            elif option == "--qa":
                qa = value
            else:
                out = value
        else:
            sys.stderr.write("scripts/link-order.py: unknown option or missing value '%s' (see --help)\n" % option)
            return 2
    for binary in (dev, qa):
        if not os.access(binary, os.X_OK):
            sys.stderr.write("scripts/link-order.py: no executable '%s': run scripts/build dev and scripts/build qa first\n" % binary)
            return 1
    with open(PAGE, "rb") as page_file:
        port = serve(page_file.read())
    scratch = tempfile.mkdtemp(prefix="meli-link-order.")
    home = os.path.join(scratch, "home")
    os.mkdir(home)
    base = {"HOME": home, "PATH": "/usr/bin:/bin", "NO_COLOR": "1", "MELI_NO_UPDATE_NOTIFIER": "1",
            "SWIFT_DETERMINISTIC_HASHING": "1"}
    dev_env = dict(base, MELI_ENV_FILE=os.path.join(ROOT, "Config/Dev.env"))
    qa_env = dict(base, MELI_ENV_FILE=os.path.join(ROOT, "Config/QA.env"),
                  MELI_API_BASE_URL="http://127.0.0.1:%d" % port)
    search = ["search", "motorola", "g6", "--site", "MLA"]
    # The runs, in the order their functions are placed when as many runs share them.
    runs = [
        (dev, dev_env, ["--version"]),
        (qa, qa_env, ["-q", "--no-cache"] + search),
        (qa, qa_env, ["-q"] + search),  # fills the cache
        (qa, qa_env, ["-q"] + search),  # answered from it
        (dev, dev_env, ["-q", "search", "iphone"]),
        (dev, dev_env, ["item", "MLA1400000785"]),
        (dev, dev_env, ["category", "MLA1051"]),
        (dev, dev_env, ["item", "not-an-item-id"]),  # an error exit
    ]
    first_run, shared = {}, {}
    for index, (binary, env, arguments) in enumerate(runs):
        profile = os.path.join(scratch, "callgrind.%d" % index)
        subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--callgrind-out-file=" + profile,
                        binary] + arguments, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=False)
        if not os.path.exists(profile):
            sys.stderr.write("scripts/link-order.py: valgrind made no profile of %s %s\n" % (binary, " ".join(arguments)))
            return 1
        for symbol in executed(profile, binary):
            first_run.setdefault(symbol, index)
            shared[symbol] = shared.get(symbol, 0) + 1
    order = sorted(first_run, key=lambda symbol: (first_run[symbol], -shared[symbol], symbol))
    with open(out + ".tmp", "w", encoding="utf-8") as file:
        file.write("".join(symbol + "\n" for symbol in order))
    os.replace(out + ".tmp", out)
    sys.stderr.write("scripts/link-order.py: %d functions in %s\n" % (len(order), out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
