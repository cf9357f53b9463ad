#!/usr/bin/env python3
# shellcheck disable=SC1071 # python, among the scripts that 'shellcheck scripts/*' checks
"""Usage: scripts/bench-browse.py first --runs N --size COLSxROWS [--results TEXT] [-e NAME=VALUE]... -- COMMAND...
       scripts/bench-browse.py key --size COLSxROWS --pages P --moves M [-e NAME=VALUE]... -- COMMAND...

Measures 'browse' on a pseudo-terminal for scripts/bench, which runs it (see scripts/bench --help).
The end of each frame is the end of its synchronized update, ESC [ ? 2026 l, which ScreenWriter
writes last.

first: ms from spawning COMMAND to the end of its first frame, median of N runs after one warm-up;
prints 'FIRST_MS RESULTS_MS', RESULTS_MS the median time to the first frame holding TEXT (default
'iPhone': the results drawn).

key: serves a stand-in search API on loopback (any query: pages of 50 of 1000 results) whose
address replaces '{api}' in the -e values; once the first page is drawn, presses Tab (the keys to
the list) and End until P pages are loaded, Home, then M selection moves ('j' and 'k', within the first 20 rows, so that no move
scrolls the list); prints 'P99_MS MEAN_BYTES MEDIAN_MS CPU_MS' of the moves: ms from writing the
key to the end of its frame, the bytes written for it, and the processor time browse used per
move (from /proc, '-' without it), which a busy machine moves less than wall times.

COMMAND runs with exactly the -e variables as its environment (no env(1) in between, whose own
start would be timed). Exits 1 with a message on standard error when browse does not answer, 2
on a bad argument.
"""
import argparse, fcntl, http.server, json, os, pty, select, signal, statistics, struct, sys, termios, threading, time, urllib.parse

FRAME_END = b"\x1b[?2026l"
KEYS = {"tab": b"\t", "down": b"j", "up": b"k", "end": b"\x1b[F", "home": b"\x1b[H", "quit": b"\x03"}


class Failure(Exception):
    pass


class Terminal:
    """A command on a pseudo-terminal of a given size, and everything it wrote."""

    def __init__(self, argv, env, columns, rows):
        self.started = time.perf_counter()
        pid, master = pty.fork()
        if pid == 0:
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
                os.execve(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid, self.master, self.output = pid, master, bytearray()

    def read(self, timeout):
        """Reads what is there within timeout seconds; False when nothing came."""
        ready, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not ready:
            return False
        try:
            data = os.read(self.master, 1 << 16)
        except OSError:
            data = b""
        if not data:
            raise Failure("browse ended; it wrote: %r" % bytes(self.output[-400:]))
        self.output += data
        return True

    def until(self, marker, start, timeout=5.0):
        """Reads until marker appears after byte start; returns (the end of the marker, the time)."""
        deadline = time.perf_counter() + timeout
        while True:
            found = self.output.find(marker, start)
            if found >= 0:
                return found + len(marker), time.perf_counter()
            if not self.read(deadline - time.perf_counter()) and time.perf_counter() >= deadline:
                raise Failure("no %r within %g s; browse wrote: %r" % (marker, timeout, bytes(self.output[-400:])))

    def settle(self, quiet=0.3, timeout=10.0):
        """Reads until nothing has come for quiet seconds."""
        deadline = time.perf_counter() + timeout
        while self.read(quiet):
            if time.perf_counter() > deadline:
                raise Failure("browse never stopped drawing")

    def press(self, key):
        os.write(self.master, KEYS[key])

    def quit(self):
        """Ctrl-C (which quits from any screen and pane), then the end of the process; killed (and a
        failure) when it does not end."""
        self.press("quit")
        deadline = time.perf_counter() + 5
        while time.perf_counter() < deadline:
            try:
                self.read(0.05)
            except Failure:
                pass
            if os.waitpid(self.pid, os.WNOHANG)[0] == self.pid:
                os.close(self.master)
                return
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        raise Failure("browse did not end on Ctrl-C")


def first(options, env):
    firsts, results = [], []
    for run in range(options.runs + 1):
        terminal = Terminal(options.command, env, *options.size)
        end, at = terminal.until(FRAME_END, 0)
        drawn = at
        while options.results.encode() not in terminal.output:
            end, drawn = terminal.until(FRAME_END, end)
        terminal.quit()
        if run > 0:  # the first run warms the caches
            firsts.append((at - terminal.started) * 1000)
            results.append((drawn - terminal.started) * 1000)
    print("%.2f %.2f" % (statistics.median(firsts), statistics.median(results)))


class StandIn(http.server.BaseHTTPRequestHandler):
    """Any search: the page of 1000 results asked for (offset, limit); anything else 404."""
    protocol_version = "HTTP/1.1"
    offsets, total = [], 1000

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        fields = dict(urllib.parse.parse_qsl(url.query))
        parts = url.path.split("/")
        if len(parts) == 4 and parts[1] == "sites" and parts[3] == "search":
            offset, limit = int(fields.get("offset", 0)), int(fields.get("limit", 50))
            StandIn.offsets.append(offset)
            numbers = range(offset + 1, min(self.total, offset + limit) + 1)
            body = json.dumps({
                "site_id": parts[2], "query": fields.get("q", ""),
                "paging": {"total": self.total, "offset": offset, "limit": limit},
                "results": [{"id": "MLA%d" % (900000 + n), "title": "Bench phone %04d with a title as long as real ones are" % n,
                             "price": n * 1000, "currency_id": "ARS", "condition": "new" if n % 3 else "used",
                             "shipping": {"free_shipping": n % 2 == 0}} for n in numbers],
                "available_sorts": [{"id": "price_asc", "name": "Lowest price"}], "filters": [], "available_filters": [],
            }).encode()
            self.send_response(200)
        else:
            body = b'{"message":"not found","error":"not_found","status":404,"cause":[]}'
            self.send_response(404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def key(options, env):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), StandIn)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    api = "http://127.0.0.1:%d" % server.server_address[1]
    env = {name: value.replace("{api}", api) for name, value in env.items()}
    terminal = Terminal(options.command, env, *options.size)
    for page in range(options.pages):
        if page == 1:
            terminal.press("tab")  # the keys to the list: the query line has them at first
        if page > 0:
            terminal.press("end")
        deadline = time.perf_counter() + 10
        while page * 50 not in StandIn.offsets:
            if time.perf_counter() > deadline:
                raise Failure("no request for the page at offset %d (requests: %s)" % (page * 50, StandIn.offsets))
            terminal.read(0.02)
        terminal.settle()
    terminal.press("home")
    terminal.settle()
    times, sizes = [], []
    cpu_before = cpu_seconds(terminal.pid)
    for move in range(options.moves):
        start = len(terminal.output)
        began = time.perf_counter()
        terminal.press("down" if move % 40 < 20 else "up")
        end, at = terminal.until(FRAME_END, start)
        times.append((at - began) * 1000)
        sizes.append(end - start)
    cpu_after = cpu_seconds(terminal.pid)
    terminal.quit()
    server.shutdown()
    ranked = sorted(times)
    p99 = ranked[max(0, -(-len(ranked) * 99 // 100) - 1)]
    cpu = "%.2f" % ((cpu_after - cpu_before) * 1000 / options.moves) if cpu_before is not None and cpu_after is not None else "-"
    print("%.2f %.0f %.2f %s" % (p99, statistics.mean(sizes), statistics.median(times), cpu))


def cpu_seconds(pid):
    """The processor time (user and system, every thread) pid has used, from /proc; None without it."""
    try:
        with open("/proc/%d/stat" % pid) as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return
    parser = argparse.ArgumentParser(prog="scripts/bench-browse.py", add_help=False)
    parser.add_argument("figure", choices=["first", "key"])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--size", type=lambda s: tuple(int(n) for n in s.split("x")), default=(80, 24))
    parser.add_argument("--results", default="iPhone")
    parser.add_argument("--pages", type=int, default=4)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("-e", dest="env", action="append", default=[])
    parser.add_argument("command", nargs="+")
    options = parser.parse_args()
    env = dict(pair.split("=", 1) for pair in options.env)
    try:
        (first if options.figure == "first" else key)(options, env)
    except Failure as failure:
        print("bench-browse: %s" % failure, file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
