#!/usr/bin/env python3
"""An HTTPS server on 127.0.0.1 for meli's tests (used by Tests/MeliCoreTests/Support/TLSServers.swift).

Usage: https_server.py CERT KEY BODY_FILE

Answers every GET with 200 and BODY_FILE's bytes as JSON, over TLS with CERT and KEY, on a free
port that it prints, alone on the first line of standard output. Each request line is written to
standard error. It ends when its standard input closes, so a test that dies leaves no server behind.
"""
import http.server
import os
import ssl
import sys
import threading

cert, key, body_file = sys.argv[1:4]
with open(body_file, "rb") as f:
    body = f.read()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):
        sys.stderr.write(self.requestline + "\n")
        sys.stderr.flush()


def exit_when_stdin_closes():
    while sys.stdin.buffer.read(4096):
        pass
    os._exit(0)


context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(cert, key)
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.socket = context.wrap_socket(server.socket, server_side=True)
threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
print(server.server_address[1], flush=True)
server.serve_forever()
