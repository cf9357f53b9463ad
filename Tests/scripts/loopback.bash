# Loaded by the bats files that serve a folder over HTTP on loopback (python3's http.server).

# serve_folder FOLDER STATE: serves FOLDER on a free loopback port, in the background, for at most
# 900 s (never outliving the test run by long). The port goes to STATE/port and the server's pid
# to STATE/server.pid (stop it with stop_server STATE). Fails when no port was written in 5 s.
serve_folder() {
    local folder=$1 state=$2
    python3 - "$folder" "$state/port" <<'PY' >/dev/null 2>&1 &
import functools, http.server, sys, time
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
open(sys.argv[2], "w").write(str(server.server_address[1]))
server.timeout = 1
stop = time.time() + 900
while time.time() < stop:
    server.handle_request()
PY
    echo $! >"$state/server.pid"
    for _ in $(seq 50); do [ -s "$state/port" ] && break; sleep 0.1; done
    [ -s "$state/port" ]
}

# stop_server STATE: stops the server serve_folder STATE started, if any.
stop_server() {
    [ ! -s "$1/server.pid" ] || kill "$(cat "$1/server.pid")" 2>/dev/null || true
}
