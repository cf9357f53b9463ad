#!/usr/bin/env bats
# scripts/install chooses and checks the package itself, then hands that exact private copy to a
# binary's own 'self install' (tested in Swift, in Tests/MeliCoreTests/Update): these prove the
# wrapper reaches that code with a package made by scripts/package from the debug build
# (scripts/test builds it first), that 'update' installs through it too, and that what the script
# checked is what gets installed, whoever swaps files, whatever a feed lists, whatever a key is.

load signing_keys
load portable
load debug_build

setup_file() {
    repo="$BATS_TEST_DIRNAME/../.."
    bin=$(packaged_bin_path "$repo")
    export PACKAGES="$BATS_FILE_TMPDIR/packages"
    mkdir -p "$PACKAGES"
    "$repo/scripts/package" --binary "$bin/meli-qa" --out "$PACKAGES" qa >/dev/null
}

setup() {
    scripts="$BATS_TEST_DIRNAME/../../scripts"
    install="$scripts/install"
    prefix="$BATS_TEST_TMPDIR/prefix"
    export HOME="$BATS_TEST_TMPDIR/home"
    mkdir -p "$HOME"
    qa=$(ls "$PACKAGES"/meli-qa_*.tar.gz)
    unset MELI_UPDATE_KEYS MELI_SIGNING_KEY MELI_SIGNING_KEY_FILE QA_CHANNEL_DIR
    platform="$(uname -s | tr '[:upper:]' '[:lower:]')_$(uname -m)"
}

teardown() {
    [ ! -s "$BATS_TEST_TMPDIR/server.pid" ] || kill "$(cat "$BATS_TEST_TMPDIR/server.pid")" 2>/dev/null || true
}

# A copy of the package under another version, with its own checksums.txt: $1 version, $2 folder,
# and $3, when given, a signing key its binary trusts (MELI_UPDATE_KEYS in its own QA.env).
repack() {
    local top new
    top=$(basename "$qa" .tar.gz)
    new=$(sed -E "s/^meli-qa_[^_]+_/meli-qa_${1}_/" <<<"$top")
    mkdir -p "$2/work"
    tar xzf "$qa" -C "$2/work"
    mv "$2/work/$top" "$2/work/$new"
    if [ -n "${3:-}" ]; then printf 'MELI_UPDATE_KEYS = %s\n' "$3" >>"$2/work/$new/share/meli-qa/QA.env"; fi
    tar czf "$2/$new.tar.gz" -C "$2/work" "$new"
    rm -rf "$2/work"
    (cd "$2" && sha256_line "$new.tar.gz" >>checksums.txt)
    echo "$2/$new.tar.gz"
}

# An attacker's package of the same name as $1, in folder $2, with its own checksums.txt: its
# bin/meli-qa is a script that leaves $BATS_TEST_TMPDIR/pwned when anything runs it.
evil_twin() {
    local top
    top=$(basename "$1" .tar.gz)
    mkdir -p "$2/work"
    tar xzf "$1" -C "$2/work"
    printf '#!/bin/sh\ntouch "%s/pwned"\necho "evil installed"\n' "$BATS_TEST_TMPDIR" >"$2/work/$top/bin/meli-qa"
    tar czf "$2/$top.tar.gz" -C "$2/work" "$top"
    rm -rf "$2/work"
    (cd "$2" && sha256_line "$top.tar.gz" >checksums.txt)
    echo "$2/$top.tar.gz"
}

# A stand-in TOOL ($1: openssl or sha256sum) first on PATH ($stubs): it runs the real one, and the
# first time, once that returned, renames $swap_from/* over $swap_to/ (the attacker's files over
# the ones being checked: the race won by a rename, made deterministic).
stub_swapping() {
    stubs="$BATS_TEST_TMPDIR/stubs"
    mkdir -p "$stubs"
    cat >"$stubs/$1" <<STUB
#!/usr/bin/env bash
status=0
"$(command -v "$1")" "\$@" || status=\$?
if [ ! -e "$BATS_TEST_TMPDIR/swapped" ] && [ "\$*" != "${2:-never}" ]; then
    touch "$BATS_TEST_TMPDIR/swapped"
    for f in "$swap_from"/*; do mv -f "\$f" "$swap_to/"; done
fi
exit \$status
STUB
    chmod 0755 "$stubs/$1"
}

# The version folder bin/meli-qa resolves into, and a run of it.
resolved() { basename "$(dirname "$(dirname "$(real_path "$prefix/bin/meli-qa")")")"; }
run_installed() { env -i HOME="$HOME" PATH=/usr/bin:/bin "$prefix/bin/meli-qa" "$@"; }
snapshot() { find "$prefix" -printf '%P %l\n' | sort; }

# Keys for the tests below: ours (the user trusts it) and theirs (an attacker's).
make_keys() {
    ours=$(new_key ours)
    theirs=$(new_key theirs)
    keys="$BATS_TEST_TMPDIR/keys"
}

# A checkout whose Config/signing-keys lists $1 for qa (scripts/ and Config/ are all scripts/install
# reads); its scripts/install is $checkout/scripts/install.
checkout_trusting() {
    checkout="$BATS_TEST_TMPDIR/checkout"
    mkdir -p "$checkout"
    cp -R "$scripts" "$scripts/../Config" "$checkout/"
    echo "qa $1" >>"$checkout/Config/signing-keys"
}

publish() { QA_CHANNEL_DIR="$1" "$scripts/publish-qa" --tarball "$2" >/dev/null 2>&1; }

# Rewrites the feed $1 with python: $2 is Python run with `feed` bound to the parsed feed.
edit_feed() {
    python3 - "$1" "$2" <<'PY'
import json, sys
path, code = sys.argv[1], sys.argv[2]
feed = json.load(open(path))
exec(code)
open(path, "w").write(json.dumps(feed, indent=1) + "\n")
PY
}

# Serves folder $1 on a free loopback port (the URL goes to $server); /endless.json is a chunked
# answer with no Content-Length that goes on for 64 MiB, the bytes sent counted in $BATS_TEST_TMPDIR/sent;
# /moved/NAME redirects (302) to /NAME.
serve() {
    python3 - "$1" "$BATS_TEST_TMPDIR/port" "$BATS_TEST_TMPDIR/sent" <<'PY' >/dev/null 2>&1 &
import functools, http.server, sys, time
folder, port_file, sent_file = sys.argv[1:4]
class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        if self.path.startswith("/moved/"):
            self.send_response(302)
            self.send_header("Location", "/" + self.path[len("/moved/"):])
            self.send_header("Content-Length", "0")
            return self.end_headers()
        if self.path != "/endless.json":
            return super().do_GET()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        sent, chunk = 0, (b'{"binary": "meli-qa", "builds": []}' + b" " * 65000 + b"\n")
        try:
            while sent < 64 * 1024 * 1024:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                sent += len(chunk)
            self.wfile.write(b"0\r\n\r\n")
        except OSError:
            pass
        open(sent_file, "w").write(str(sent))
handler = functools.partial(Handler, directory=folder)
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
open(port_file, "w").write(str(server.server_address[1]))
server.timeout = 1
stop = time.time() + 300  # never outlives the test by long
while time.time() < stop:
    server.handle_request()
PY
    echo $! >"$BATS_TEST_TMPDIR/server.pid"
    for _ in $(seq 100); do [ -s "$BATS_TEST_TMPDIR/port" ] && break; sleep 0.1; done
    server="http://127.0.0.1:$(cat "$BATS_TEST_TMPDIR/port")"
}

# No byte of $1 is a control character (but newline), a C1 control in UTF-8, or a bidirectional mark.
terminal_safe() {
    python3 -c '
import re, sys
data = sys.argv[1].encode("utf-8", "surrogateescape")
bad = re.search(rb"[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xaa-\xae]|\xe2\x81[\xa6-\xa9]", data)
sys.exit(1 if bad else 0)
' "$1"
}

@test "install, upgrade, --rollback and --uninstall go through the binary's own installer" {
    run "$install" "$qa" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"installed in $prefix (bin/meli-qa)"* ]]
    [[ $output == *"is not on your PATH"* ]]
    # No key for qa in this checkout: the script says so itself, before the package's own binary runs.
    [[ $output == *"scripts/install: warning: this checkout lists no key for qa (Config/signing-keys, MELI_UPDATE_KEYS), so only $(basename "$qa")'s sha256 against checksums.txt is checked, not who made it"* ]] || { echo "$output"; return 1; }
    first=$(resolved)
    [ "$(readlink "$prefix/bin/meli-qa")" = ../lib/meli-qa/current/bin/meli-qa ]
    run_installed --version

    newer=$(repack 9.9.9 "$BATS_TEST_TMPDIR/newer")
    run "$install" "$newer" --prefix "$prefix"
    [ "$status" -eq 0 ]
    [[ $output == *"The previous version, $first, is kept"*"meli-qa self rollback"* ]]
    [ "$(resolved)" = 9.9.9 ]
    run_installed --version

    run "$install" --rollback meli-qa --prefix "$prefix"
    [ "$status" -eq 0 ]
    [ "$(resolved)" = "$first" ]
    run_installed --version

    run "$install" --uninstall meli-qa --prefix "$prefix"
    [ "$status" -eq 0 ]
    [ ! -e "$prefix/bin/meli-qa" ] && [ ! -e "$prefix/lib/meli-qa" ]
}

@test "an older version is refused unless --allow-downgrade, and the one in use stays" {
    run "$install" "$(repack 2.0.0 "$BATS_TEST_TMPDIR/two")" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    before=$(snapshot)
    older=$(repack 1.5.0 "$BATS_TEST_TMPDIR/older")
    run "$install" "$older" --prefix "$prefix"
    [ "$status" -eq 1 ]
    [[ $output == *"meli-qa 2.0.0 is in use, newer than this package's 1.5.0; nothing was installed"*"--allow-downgrade"* ]] || { echo "$output"; return 1; }
    [ "$(resolved)" = 2.0.0 ]
    [ "$(snapshot)" = "$before" ]
    run_installed --version >/dev/null
    run "$install" "$older" --prefix "$prefix" --allow-downgrade
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(resolved)" = 1.5.0 ]
    run_installed --version >/dev/null
}

@test "a tampered tarball, or one without checksums.txt, installs nothing" {
    mkdir "$BATS_TEST_TMPDIR/t"
    cp "$qa" "$PACKAGES/checksums.txt" "$BATS_TEST_TMPDIR/t/"
    tampered="$BATS_TEST_TMPDIR/t/$(basename "$qa")"
    printf 'x' >>"$tampered"
    run "$install" "$tampered" --prefix "$prefix"
    [ "$status" -eq 1 ]
    [[ $output == *"does not match"* ]]
    rm "$BATS_TEST_TMPDIR/t/checksums.txt"
    run "$install" "$tampered" --prefix "$prefix"
    [ "$status" -eq 1 ]
    [[ $output == *"no checksums.txt beside"* ]]
    [ ! -e "$prefix" ]
}

@test "a package with an entry climbing out with '..' or lying inside a link is refused by the binary, naming the entry" {
    top=$(basename "$qa" .tar.gz)
    for hostile in dotdot link; do
        dir="$BATS_TEST_TMPDIR/$hostile"
        mkdir -p "$dir/work" "$BATS_TEST_TMPDIR/victim"
        tar xzf "$qa" -C "$dir/work"
        # Appended after the binary and its env files, as an attacker's package would hold them.
        python3 - "$dir/work" "$top" "$hostile" "$BATS_TEST_TMPDIR/victim" <<'PY'
import io, sys, tarfile
work, top, hostile, victim = sys.argv[1:5]
with tarfile.open(work + "/hostile.tar", "w") as out:
    if hostile == "dotdot":
        entry = tarfile.TarInfo(top + "/share/meli-qa/../../../victim/pwned")
    else:
        link = tarfile.TarInfo(top + "/share/meli-qa/out")
        link.type, link.linkname = tarfile.SYMTYPE, victim
        out.addfile(link)
        entry = tarfile.TarInfo(top + "/share/meli-qa/out/pwned")
    entry.size = 3
    out.addfile(entry, io.BytesIO(b"bad"))
PY
        (cd "$dir/work" && tar cf "$dir/$top.tar" "$top" && tar Af "$dir/$top.tar" hostile.tar && gzip -n "$dir/$top.tar")
        (cd "$dir" && sha256_line "$top.tar.gz" >checksums.txt)
        run "$install" "$dir/$top.tar.gz" --prefix "$prefix"
        [ "$status" -eq 1 ] || { echo "$output"; return 1; }
        [[ $output != *"holds no"* ]] || { echo "$output"; return 1; }
        case $hostile in
            dotdot) [[ $output == *"share/meli-qa/../../../victim/pwned' climbs out with '..'; nothing was installed"* ]] || { echo "$output"; return 1; } ;;
            link) [[ $output == *"inside the link '$top/share/meli-qa/out'; nothing was installed"* ]] || { echo "$output"; return 1; } ;;
        esac
        [ -z "$(ls -A "$BATS_TEST_TMPDIR/victim")" ]
        [ ! -e "$prefix/bin/meli-qa" ]
    done
}

@test "the copy that was checked is the copy installed: the package, its checksums.txt and signature swapped after the check change nothing" {
    make_keys
    good=$(repack 1.0.0-rc.1 "$BATS_TEST_TMPDIR/good")
    sign ours "$good"
    evil=$(evil_twin "$good" "$BATS_TEST_TMPDIR/evil")
    sign theirs "$evil"
    swap_from="$BATS_TEST_TMPDIR/evil" swap_to="$BATS_TEST_TMPDIR/good"
    mkdir -p "$BATS_TEST_TMPDIR/expected"
    tar xzf "$good" -C "$BATS_TEST_TMPDIR/expected"
    expected="$BATS_TEST_TMPDIR/expected/$(basename "$good" .tar.gz)/bin/meli-qa"

    # Without keys, the sha256 is the check: the attacker's files land the moment sha256sum returns
    # (the old script then unpacked the tarball from its path again and ran the attacker's binary).
    # macOS has no sha256sum: lib.sh takes shasum there (and on Linux under scripts/test's stand-ins).
    if command -v sha256sum >/dev/null 2>&1; then stub_swapping sha256sum; else stub_swapping shasum; fi
    PATH="$stubs:$PATH" run "$install" "$good" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ -e "$BATS_TEST_TMPDIR/swapped" ]
    [ ! -e "$BATS_TEST_TMPDIR/pwned" ]
    [[ $output != *"evil installed"* ]]
    cmp "$prefix/lib/meli-qa/1.0.0-rc.1/bin/meli-qa" "$expected"
    [ "$(resolved)" = 1.0.0-rc.1 ]

    # With the checkout's keys, during openssl's check of the signature; the prefix's binary now
    # installs, and it is handed the checked copy too.
    rm -rf "$prefix" "$BATS_TEST_TMPDIR/swapped" "$BATS_TEST_TMPDIR/good" "$BATS_TEST_TMPDIR/evil" "$stubs"
    checkout_trusting "$ours"
    good=$(repack 1.0.0-rc.2 "$BATS_TEST_TMPDIR/good")
    sign ours "$good"
    evil=$(evil_twin "$good" "$BATS_TEST_TMPDIR/evil")
    sign theirs "$evil"
    tar xzf "$good" -C "$BATS_TEST_TMPDIR/expected"
    for version in 1.0.0-rc.2 1.0.0-rc.3; do
        stub_swapping openssl
        PATH="$stubs:$PATH" run "$checkout/scripts/install" "$good" --prefix "$prefix"
        [ "$status" -eq 0 ] || { echo "$output"; return 1; }
        [ -e "$BATS_TEST_TMPDIR/swapped" ] && [ ! -e "$BATS_TEST_TMPDIR/pwned" ] || { echo "$output"; return 1; }
        cmp "$prefix/lib/meli-qa/$version/bin/meli-qa" "$BATS_TEST_TMPDIR/expected/$(basename "$good" .tar.gz)/bin/meli-qa"
        [ "$(resolved)" = "$version" ]
        [ "$version" != 1.0.0-rc.3 ] || break
        # Again with a newer version, rc.2 now in the prefix: its binary is the one handed the copy.
        rm -rf "$BATS_TEST_TMPDIR/good" "$BATS_TEST_TMPDIR/swapped"
        good=$(repack 1.0.0-rc.3 "$BATS_TEST_TMPDIR/good")
        sign ours "$good"
        evil=$(evil_twin "$good" "$BATS_TEST_TMPDIR/evil")
        sign theirs "$evil"
        tar xzf "$good" -C "$BATS_TEST_TMPDIR/expected"
    done
}

@test "with a binary in the prefix, the checkout's keys still judge the package" {
    make_keys
    checkout_trusting "$ours"
    first=$(repack 1.0.0-rc.1 "$BATS_TEST_TMPDIR/a")
    sign ours "$first"
    run "$checkout/scripts/install" "$first" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    before=$(snapshot)
    # The installed binary trusts no key (the repository's list is empty): handed these, it would
    # install them on their sha256 alone, as the old script had it do.
    unsigned=$(repack 1.0.0-rc.2 "$BATS_TEST_TMPDIR/b")
    run "$checkout/scripts/install" "$unsigned" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"meli-qa_1.0.0-rc.2_${platform}.tar.gz is not signed, and this checkout trusts only packages signed by its keys for qa"* ]] || { echo "$output"; return 1; }
    theirs_signed=$(repack 1.0.0-rc.3 "$BATS_TEST_TMPDIR/c")
    sign theirs "$theirs_signed"
    run "$checkout/scripts/install" "$theirs_signed" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"its signature is not one of this checkout's keys for qa"* ]] || { echo "$output"; return 1; }
    [ "$(snapshot)" = "$before" ]
    ours_signed=$(repack 1.0.0-rc.4 "$BATS_TEST_TMPDIR/d")
    sign ours "$ours_signed"
    run "$checkout/scripts/install" "$ours_signed" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(resolved)" = 1.0.0-rc.4 ]
}

@test "a feed: scripts/install picks its newest build, and meli-qa update moves to the next" {
    channel="$BATS_TEST_TMPDIR/channel"
    QA_CHANNEL_DIR="$channel" "$scripts/publish-qa" --tarball "$(repack 1.0.0-rc.1 "$BATS_TEST_TMPDIR/a")" >/dev/null
    run "$install" "$channel/feed.json" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"The feed lists 1 unexpired build(s) of meli-qa for ${platform/_//}; the newest is 1.0.0-rc.1."* ]] || { echo "$output"; return 1; }
    [ "$(resolved)" = 1.0.0-rc.1 ]

    next=$(repack 1.0.0-rc.2 "$BATS_TEST_TMPDIR/b")
    QA_CHANNEL_DIR="$channel" "$scripts/publish-qa" --tarball "$next" >/dev/null
    # A file of the download's name already in the cache is not this run's: neither replaced nor removed.
    mkdir -p "$HOME/.cache/meli-qa"
    mkdir -m 0700 "$HOME/.cache/meli-qa/update"
    echo planted >"$HOME/.cache/meli-qa/update/$(basename "$next")"
    run env -i HOME="$HOME" PATH=/usr/bin:/bin MELI_QA_UPDATE_FEED_URL="$channel/feed.json" "$prefix/bin/meli-qa" update
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(resolved)" = 1.0.0-rc.2 ]
    [ "$(readlink "$prefix/lib/meli-qa/previous")" = 1.0.0-rc.1 ]
    # The download is not left behind (the downloads' lock file may stay), and the planted file is as it was.
    [ "$(ls -A "$HOME/.cache/meli-qa/update" | grep -vx '\.lock')" = "$(basename "$next")" ]
    [ "$(cat "$HOME/.cache/meli-qa/update/$(basename "$next")")" = planted ]
    run_installed --version
}

@test "a feed in any JSON layout: read by its tokens, hostile and malformed builds skipped, the newest by precedence chosen" {
    channel="$BATS_TEST_TMPDIR/channel"
    publish "$channel" "$(repack 1.0.0-rc.2 "$BATS_TEST_TMPDIR/a")"
    publish "$channel" "$(repack 1.0.0-rc.10 "$BATS_TEST_TMPDIR/b")"
    # The same feed on one line, rc.10 listed last, with builds that must not be chosen before it:
    # newer versions whose file is outside the channel, of another version, malformed, expired, of
    # another platform, or not there at all (a wrong choice fails to download); and a build whose
    # "changes" hold braces, brackets, quotes and a 200 kB string.
    python3 - "$channel/feed.json" <<'PY'
import json, sys
feed = json.load(open(sys.argv[1]))
rc10, rc2 = feed["builds"]
def like(**fields):
    return dict(rc10, **fields)
plat = "_" + rc10["os"] + "_" + rc10["arch"] + ".tar.gz"
feed["builds"] = [
    rc2,
    like(version="9.9.9", file="../meli-qa_9.9.9" + plat),
    like(version="9.9.8", file="meli-qa_9.9.7" + plat),
    like(version="09.9.9", file="meli-qa_09.9.9" + plat),
    like(version="9.9.6", file="meli-qa_9.9.6" + plat, expires="2001-01-01T00:00:00Z"),
    like(version="9.9.5", file="meli-qa_9.9.5_plan9_mips.tar.gz", os="plan9", arch="mips"),
    like(version="9.9.4", file="meli-qa_9.9.4" + plat, sha256="00"),
    like(version="9.9.3", file="meli-qa_9.9.3" + plat, ed25519="not base64"),
    like(version="1.0.0-rc.9", file="meli-qa_1.0.0-rc.9" + plat, changes=["{[\"}]", "x" * 200000]),
    rc10,
    # As new as rc.10 (build metadata does not count): the first listed of the two is taken.
    like(version="1.0.0-rc.10+other", file="meli-qa_1.0.0-rc.10+other" + plat),
]
open(sys.argv[1], "w").write(json.dumps(feed))
PY
    [ "$(wc -l <"$channel/feed.json")" -le 1 ]
    run "$install" "$channel/feed.json" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"lists 4 unexpired build(s) of meli-qa"*"the newest is 1.0.0-rc.10."* ]] || { echo "$output"; return 1; }
    [ "$(resolved)" = 1.0.0-rc.10 ]

    # A feed given as a plain file name is read beside itself (its builds were looked for in
    # 'feed.json/<file>').
    rm -rf "$prefix"
    (cd "$channel" && "$install" feed.json --prefix "$prefix")
    [ "$(resolved)" = 1.0.0-rc.10 ]
}

@test "semantic versions in awk order as SemanticVersion.swift orders them" {
    . "$scripts/lib.sh"
    # Each pair older, newer (the Swift suite's, and more).
    while read -r older newer; do
        [ "$(semver_compare "$older" "$newer")" = -1 ] && [ "$(semver_compare "$newer" "$older")" = 1 ] || { echo "$older < $newer"; return 1; }
    done <<'PAIRS'
1.0.0-alpha 1.0.0-alpha.1
1.0.0-alpha.1 1.0.0-alpha.beta
1.0.0-alpha.beta 1.0.0-beta
1.0.0-beta.2 1.0.0-beta.11
1.0.0-rc.1 1.0.0
1.0.0 2.0.0
1.0.0-rc.9300000000000000000 1.0.0-rc.10000000000000000000
0.7.0-rc.9223372036854775808 0.7.0-rc.1x
1.0.0-rc.99999999999999999999 1.0.0-rc.100000000000000000000
1.0.0-rc.2 1.0.0-rc.10
1.0.0-rc.1 1.0.0-rc.1.1
1.0.0-1e5 1.0.0-2e1
1.0.0-rc.9 1.0.0-rc.a
1.0.0-A 1.0.0-a
1.9.0 1.10.0
0.0.9 0.1.0
PAIRS
    # Build metadata does not count; numbers with leading zeros are the same number.
    for pair in "1.0.0-dev.3+abc1234 1.0.0-dev.3+abc1234.dirty" "1.0.0-rc.01 1.0.0-rc.1" "1.0.0+a+b 1.0.0"; do
        set -- $pair
        [ "$(semver_compare "$1" "$2")" = 0 ] || { echo "$pair"; return 1; }
    done
    for invalid in 01.0.0 1.0 1.0.0.0 1.0.0- 1.0.0+ 1.0.0-a..b 1.0.0-a. 1e5.0.0 9223372036854775808.0.0 "1.0.0-a b" 1.0.0-rc_1 ""; do
        run semver_compare "$invalid" 1.0.0
        [ "$status" -eq 1 ] && [ "$output" = invalid ] || { echo "'$invalid' was taken: $output"; return 1; }
    done
    [ "$(semver_compare 9223372036854775807.0.0 1.0.0)" = 1 ]
}

@test "the feed does not pick the judge: the newest build is the one checked, whatever the feed lists first" {
    make_keys
    checkout_trusting "$ours"
    channel="$BATS_TEST_TMPDIR/channel"
    MELI_SIGNING_KEY_FILE="$keys/ours.pem" publish "$channel" "$(repack 1.0.0-rc.1 "$BATS_TEST_TMPDIR/a")"
    publish "$channel" "$(repack 1.0.0-rc.2 "$BATS_TEST_TMPDIR/b")"
    # A feed signed with our key that lists the old signed build first and a newer unsigned one
    # (published before signing, or signed with a key rotated out): the old script checked the
    # first and ran its binary, which trusts no key, on the feed, and that installed rc.2.
    edit_feed "$channel/feed.json" 'feed["builds"].sort(key=lambda b: b["version"])'
    sign_feed ours "$channel/feed.json"
    run "$checkout/scripts/install" "$channel/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"the newest is 1.0.0-rc.2."*"meli-qa_1.0.0-rc.2_${platform}.tar.gz is not signed"* ]] || { echo "$output"; return 1; }
    [ ! -e "$prefix" ]

    # The newer one signed by us, still listed last: that one is checked and installed.
    channel="$BATS_TEST_TMPDIR/channel2"
    MELI_SIGNING_KEY_FILE="$keys/ours.pem" publish "$channel" "$(repack 1.0.0-rc.1 "$BATS_TEST_TMPDIR/c")"
    MELI_SIGNING_KEY_FILE="$keys/ours.pem" publish "$channel" "$(repack 1.0.0-rc.3 "$BATS_TEST_TMPDIR/d")"
    edit_feed "$channel/feed.json" 'feed["builds"].sort(key=lambda b: b["version"])'
    sign_feed ours "$channel/feed.json"
    run "$checkout/scripts/install" "$channel/feed.json" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"The feed, signed, published 20"*"the newest is 1.0.0-rc.3."* ]] || { echo "$output"; return 1; }
    [ "$(resolved)" = 1.0.0-rc.3 ]
}

@test "signed feeds: with the checkout's keys an unsigned feed, another key's, or a feed changed after signing is refused" {
    make_keys
    checkout_trusting "$ours"
    channel="$BATS_TEST_TMPDIR/channel"
    MELI_SIGNING_KEY_FILE="$keys/ours.pem" publish "$channel" "$(repack 1.0.0-rc.1 "$BATS_TEST_TMPDIR/a")"
    [ -s "$channel/feed.json.sig" ]
    cp "$channel/feed.json" "$channel/feed.json.sig" "$BATS_TEST_TMPDIR/"

    # Unsigned: no feed.json.sig.
    rm "$channel/feed.json.sig"
    run "$checkout/scripts/install" "$channel/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"is not signed (no feed.json.sig beside it), and this checkout trusts only feeds signed by its keys for qa"* ]] || { echo "$output"; return 1; }
    # Another key's signature.
    sign_feed theirs "$channel/feed.json"
    run "$checkout/scripts/install" "$channel/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"its signature (feed.json.sig) is not one of this checkout's keys for qa"* ]] || { echo "$output"; return 1; }
    # Ours, but the feed changed after (its expiry pushed back).
    cp "$BATS_TEST_TMPDIR/feed.json.sig" "$channel/"
    sed -i.bak 's/"expires": "[^"]*"/"expires": "2099-01-01T00:00:00Z"/' "$channel/feed.json" && rm "$channel/feed.json.bak"
    run "$checkout/scripts/install" "$channel/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"its signature (feed.json.sig) is not one of this checkout's keys for qa"* ]] || { echo "$output"; return 1; }
    [ ! -e "$prefix" ]
    # As published: installed. Over loopback http too, where the .sig is fetched beside the feed.
    cp "$BATS_TEST_TMPDIR/feed.json" "$channel/"
    serve "$channel"
    run "$checkout/scripts/install" "$server/feed.json" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(resolved)" = 1.0.0-rc.1 ]
    # Without keys an unsigned feed is read as before (the binary says the origin was not checked).
    rm -rf "$prefix" "$channel/feed.json.sig"
    run "$install" "$server/feed.json" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"trusts no signing key"* ]] || { echo "$output"; return 1; }
}

@test "a chunked feed with no Content-Length is cut at 1,000,000 bytes, counted by the script; a 1 MB feed of long strings reads in one pass" {
    mkdir -p "$BATS_TEST_TMPDIR/site"
    serve "$BATS_TEST_TMPDIR/site"
    run within 120 "$install" "$server/endless.json" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"$server/endless.json is larger than 1000000 bytes"*"nothing was installed"* ]] || { echo "$output"; return 1; }
    # The server was stopped long before its 64 MiB (curl's and the kernel's buffers hold a few).
    for _ in $(seq 100); do [ -s "$BATS_TEST_TMPDIR/sent" ] && break; sleep 0.1; done
    [ "$(cat "$BATS_TEST_TMPDIR/sent")" -lt $((16 * 1024 * 1024)) ] || { cat "$BATS_TEST_TMPDIR/sent"; return 1; }

    # Within the limit, a feed of one 990 kB line whose builds sit after a 900 kB string (character
    # by character concatenation made this quadratic: hours), and one of 400,000 short lines.
    channel="$BATS_TEST_TMPDIR/channel"
    publish "$channel" "$(repack 1.0.0-rc.1 "$BATS_TEST_TMPDIR/a")"
    edit_feed "$channel/feed.json" 'feed["padding"] = "\\" * 450000; feed["builds"][0]["changes"] = ["y" * 80000]'
    python3 -c 'import json,sys; json.dump(json.load(open(sys.argv[1])), open(sys.argv[1], "w"))' "$channel/feed.json"
    size=$(wc -c <"$channel/feed.json")
    [ "$size" -gt 980000 ] && [ "$size" -le 1000000 ] && [ "$(wc -l <"$channel/feed.json")" -le 1 ] || { echo "$size"; return 1; }
    run within 120 "$install" "$channel/feed.json" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(resolved)" = 1.0.0-rc.1 ]
    rm -rf "$prefix"
    edit_feed "$channel/feed.json" 'feed["padding"] = ""'
    { head -c "$(($(wc -c <"$channel/feed.json") - 2))" "$channel/feed.json"; yes ' ' | head -n 400000; echo '}'; } >"$channel/feed.tmp"
    mv "$channel/feed.tmp" "$channel/feed.json"
    run within 120 "$install" "$channel/feed.json" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(resolved)" = 1.0.0-rc.1 ]
}

@test "text from a feed or a package name reaches the terminal without control characters, C1 controls or bidirectional marks" {
    hostile=$'\e]52;c;cHduZWQ=\a\e]0;owned\a\e[2J\xc2\x9b31m\xc2\xc2\x9b\x9b\xe2\x80\xaeevil'
    mkdir -p "$BATS_TEST_TMPDIR/feeds"
    printf '{"binary": "meli-qa%s", "builds": []}\n' "$hostile" >"$BATS_TEST_TMPDIR/feeds/feed.json"
    run "$install" "$BATS_TEST_TMPDIR/feeds/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"the feed "*" is for 'meli-qa]52;c;cHduZWQ=]0;owned[2J31mevil', which is not a meli binary"* ]] || { echo "$output"; return 1; }
    terminal_safe "$output" || { printf '%s' "$output" | od -c | head; return 1; }
    # A package named so, and an unknown option.
    touch "$BATS_TEST_TMPDIR/feeds/meli-qa_1.0.0${hostile}.tar.gz"
    run "$install" "$BATS_TEST_TMPDIR/feeds/meli-qa_1.0.0${hostile}.tar.gz" --prefix "$prefix"
    [ "$status" -eq 1 ] && terminal_safe "$output" || { printf '%s' "$output" | od -c | head; return 1; }
    run "$install" "--$hostile"
    [ "$status" -eq 2 ] && terminal_safe "$output" || { printf '%s' "$output" | od -c | head; return 1; }
    # Without iconv, every byte past ASCII becomes '?'.
    . "$scripts/lib.sh"
    [ "$(PATH=/nonexistent clean_text "é$hostile")" = '??]52;c;cHduZWQ=]0;owned[2J??31m???????evil' ]
    [ "$(clean_text "é$hostile")" = 'é]52;c;cHduZWQ=]0;owned[2J31mevil' ]
    # With an iconv that lets invalid UTF-8 through, the C1 that removing C2 9B from C2 C2 9B 9B
    # would join is not kept either.
    mkdir -p "$BATS_TEST_TMPDIR/passthrough"
    printf '#!/bin/sh\ncat\n' >"$BATS_TEST_TMPDIR/passthrough/iconv"
    chmod 0755 "$BATS_TEST_TMPDIR/passthrough/iconv"
    out=$(PATH="$BATS_TEST_TMPDIR/passthrough:$PATH" clean_text "é$hostile")
    terminal_safe "$out" || { printf '%s' "$out" | od -c; return 1; }
}

@test "Ed25519 in lib.sh: RFC 8032's vectors verify; small-order and non-canonical keys and an S not below L are refused" {
    . "$scripts/lib.sh"
    b64() { python3 -c 'import base64, sys; print(base64.b64encode(bytes.fromhex(sys.argv[1])).decode())' "$1"; }
    bytes() { python3 -c 'import sys; sys.stdout.buffer.write(bytes.fromhex(sys.argv[1]))' "$1" >"$2"; }
    dir=$BATS_TEST_TMPDIR
    # RFC 8032 7.1, tests 1 to 3. Test 1's message is empty, which OpenSSL 3.0's pkeyutl cannot
    # take (-rawin: "Could not allocate 0 bytes"); its key and signature pass the checks, and tests
    # 2 and 3 go through openssl whole.
    key1=$(b64 d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a)
    bytes e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b "$dir/t1.sig"
    ed25519_key_problem "$key1" && ed25519_signature_problem "$dir/t1.sig"
    key2=$(b64 3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c)
    bytes 72 "$dir/t2.msg"
    bytes 92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00 "$dir/t2.sig"
    ed25519_verify "$key2" "$dir/t2.msg" "$dir/t2.sig" "$dir"
    key3=$(b64 fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025)
    bytes af82 "$dir/t3.msg"
    bytes 6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a "$dir/t3.sig"
    ed25519_verify "$key3" "$dir/t3.msg" "$dir/t3.sig" "$dir"
    run ed25519_verify "$key3" "$dir/t2.msg" "$dir/t2.sig" "$dir"
    [ "$status" -eq 1 ]

    # Test 2's signature with L added to S: the same point equation, another byte string. Refused
    # here before openssl (OpenSSL 3.0 refuses it too, itself).
    python3 -c '
import sys
sig = open(sys.argv[1], "rb").read()
L = 2**252 + 27742317777372353535851937790883648493
s = int.from_bytes(sig[32:], "little") + L
open(sys.argv[2], "wb").write(sig[:32] + s.to_bytes(32, "little"))
' "$dir/t2.sig" "$dir/t2-plus-l.sig"
    run ed25519_signature_problem "$dir/t2-plus-l.sig"
    [ "$status" -eq 1 ] && [[ $output == *"its S is not below the group order L"* ]]
    run ed25519_verify "$key2" "$dir/t2.msg" "$dir/t2-plus-l.sig" "$dir"
    [ "$status" -eq 1 ]

    # The key of the issue, and a fixed signature (R = the identity, S = 0): openssl alone says
    # it verifies any file; the check refuses the key first.
    small=AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=
    python3 -c 'import sys; open(sys.argv[1], "wb").write(bytes([1] + [0] * 63))' "$dir/forged.sig"
    echo "anything at all" >"$dir/any"
    printf -- '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA%s\n-----END PUBLIC KEY-----\n' "$small" >"$dir/small.pem"
    openssl pkeyutl -verify -pubin -inkey "$dir/small.pem" -rawin -in "$dir/any" -sigfile "$dir/forged.sig"
    run ed25519_key_problem "$small"
    [ "$status" -eq 1 ] && [[ $output == *"a point of small order"* ]]
    run ed25519_verify "$small" "$dir/any" "$dir/forged.sig" "$dir"
    [ "$status" -eq 1 ]

    # Every encoding of every point of order 1, 2, 4 or 8, derived here from the curve (not copied
    # from the list in lib.sh): 8 points, the free sign bit of the two with x = 0, and y = p, p+1
    # (0 and 1 again) with either sign bit. 14 encodings, all refused; with the sign bit cleared
    # they are lib.sh's (libsodium's) list exactly. Keys openssl makes pass.
    python3 >"$dir/small-order" <<'PY'
import base64
p = 2**255 - 19
d = -121665 * pow(121666, p - 2, p) % p
L = 2**252 + 27742317777372353535851937790883648493
def add(P, Q):
    (x1, y1), (x2, y2) = P, Q
    t = d * x1 * x2 * y1 * y2 % p
    return ((x1 * y2 + x2 * y1) * pow(1 + t, p - 2, p) % p, (y1 * y2 + x1 * x2) * pow(1 - t, p - 2, p) % p)
def mul(k, P):
    R = (0, 1)
    while k:
        if k & 1: R = add(R, P)
        P, k = add(P, P), k >> 1
    return R
def x_of(y):
    xx = (y * y - 1) * pow(d * y * y + 1, p - 2, p) % p
    x = pow(xx, (p + 3) // 8, p)
    if (x * x - xx) % p: x = x * pow(2, (p - 1) // 4, p) % p
    return x if (x * x - xx) % p == 0 else None
y = 2
while True:
    x = x_of(y)
    if x is not None and mul(4, mul(L, (x, y))) != (0, 1): break
    y += 1
T = mul(L, (x, y))
points = {mul(k, T) for k in range(8)}
assert len(points) == 8
encodings = {y | ((x & 1) << 255) for x, y in points}
encodings |= {y | (1 << 255) for x, y in points if x == 0}
encodings |= {y + p + (s << 255) for y in (0, 1) for s in (0, 1)}
assert len(encodings) == 14
for e in sorted(encodings):
    print(base64.b64encode(e.to_bytes(32, "little")).decode(), (e % 2**255).to_bytes(32, "little").hex())
PY
    [ "$(wc -l <"$dir/small-order")" -eq 14 ]
    while read -r key y; do
        run ed25519_key_problem "$key"
        [ "$status" -eq 1 ] || { echo "$key was taken"; return 1; }
    done <"$dir/small-order"
    [ "$(cut -d' ' -f2 "$dir/small-order" | sort -u)" = "$(sort <<<"$ed25519_small_order")" ]
    # y = p + 2 .. 2^255 - 1: not canonical, whether a point or not.
    for y in 7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffef 7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff; do
        run ed25519_key_problem "$(b64 "$(reversed_hex "$y")")"
        [ "$status" -eq 1 ] && [[ $output == *"not the canonical encoding"* ]] || { echo "$y: $output"; return 1; }
    done
    for n in 1 2 3; do ed25519_key_problem "$(new_key "k$n")"; done
}

@test "MELI_UPDATE_KEYS and Config/signing-keys: a small-order key is refused before anything is read or run" {
    small=AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=
    # A package of the attacker's whose signature is the fixed forgery (R = the identity, S = 0):
    # with the small-order key trusted, the old script's openssl check passed it.
    forged=$(evil_twin "$qa" "$BATS_TEST_TMPDIR/evil")
    python3 -c 'import sys; open(sys.argv[1], "wb").write(bytes([1] + [0] * 63))' "$forged.sig"
    MELI_UPDATE_KEYS=$small run "$install" "$forged" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"MELI_UPDATE_KEYS: '$small' is refused: it is a point of small order"*"nothing was installed"* ]] || { echo "$output"; return 1; }
    [ ! -e "$BATS_TEST_TMPDIR/pwned" ] && [ ! -e "$prefix" ]
    checkout_trusting "$small"
    line=$(wc -l <"$checkout/Config/signing-keys" | tr -d ' ')
    run "$checkout/scripts/install" "$forged" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"Config/signing-keys:$line: the key for qa is refused: it is a point of small order"* ]] || { echo "$output"; return 1; }
    [ ! -e "$BATS_TEST_TMPDIR/pwned" ] && [ ! -e "$prefix" ]
    # A line of another shape is named too.
    echo "qa" >"$checkout/Config/signing-keys"
    run "$checkout/scripts/install" "$forged" --prefix "$prefix"
    [ "$status" -eq 1 ] && [[ $output == *"Config/signing-keys:1: a line is '<environment> <base64 Ed25519 public key>'"* ]] || { echo "$output"; return 1; }
}

@test "signed builds: a trusted key's signature installs; unsigned, another key's or another file's signature is refused and the prefix stays" {
    make_keys
    pub=$ours

    one=$(repack 1.0.0-rc.1 "$BATS_TEST_TMPDIR/a")
    MELI_SIGNING_KEY="$(cat "$keys/ours.pem")" publish "$BATS_TEST_TMPDIR/signed" "$one"
    grep -q '"ed25519": "' "$BATS_TEST_TMPDIR/signed/feed.json"
    # Anyone can check a download by hand with openssl and the public key: the statement is one line.
    file=$(basename "$one")
    verify_statement "$pub" "meli-package-v1 $file $(sha256_of "$one")"$'\n' "$BATS_TEST_TMPDIR/signed/$file.sig"
    MELI_UPDATE_KEYS=$pub run "$install" "$BATS_TEST_TMPDIR/signed/feed.json" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output != *"trusts no signing key"* ]]
    [ "$(resolved)" = 1.0.0-rc.1 ]
    before=$(snapshot)

    publish "$BATS_TEST_TMPDIR/unsigned" "$(repack 1.0.0-rc.2 "$BATS_TEST_TMPDIR/b")"
    MELI_UPDATE_KEYS=$pub run "$install" "$BATS_TEST_TMPDIR/unsigned/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ]
    [[ $output == *"is not signed (no feed.json.sig beside it)"* ]] || { echo "$output"; return 1; }

    MELI_SIGNING_KEY="$(cat "$keys/theirs.pem")" publish "$BATS_TEST_TMPDIR/theirs" "$(repack 1.0.0-rc.3 "$BATS_TEST_TMPDIR/c")"
    MELI_UPDATE_KEYS=$pub run "$install" "$BATS_TEST_TMPDIR/theirs/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ]
    [[ $output == *"its signature (feed.json.sig) is not one of this checkout's keys for qa"* ]] || { echo "$output"; return 1; }

    # A tarball with our signature of another file beside it.
    four=$(repack 1.0.0-rc.4 "$BATS_TEST_TMPDIR/d")
    cp "$BATS_TEST_TMPDIR/signed/$(basename "$one").sig" "$four.sig"
    MELI_UPDATE_KEYS=$pub run "$install" "$four" --prefix "$prefix"
    [ "$status" -eq 1 ]
    [[ $output == *"its signature is not one of this checkout's keys for qa"* ]] || { echo "$output"; return 1; }

    [ "$(snapshot)" = "$before" ]
    [ "$(resolved)" = 1.0.0-rc.1 ]

    # A binary that trusts no key installs on the sha256 alone, and says so.
    run "$install" "$BATS_TEST_TMPDIR/unsigned/feed.json" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"trusts no signing key"* ]] || { echo "$output"; return 1; }
}

@test "a package's own binary never judges its package: the installed binary does, and a package signed by the key its own binary trusts is refused" {
    make_keys
    # The user's build trusts our key (in its own env file) and is signed with it.
    legit=$(repack 1.0.0-rc.1 "$BATS_TEST_TMPDIR/a" "$ours")
    sign ours "$legit"
    run "$install" "$legit" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(resolved)" = 1.0.0-rc.1 ]
    before=$(snapshot)

    # An attacker's build whose binary trusts their key, signed with it: run, that binary would
    # have vouched for its own package (it did, before: installed, exit 0).
    evil=$(repack 1.0.0-rc.2 "$BATS_TEST_TMPDIR/b" "$theirs")
    sign theirs "$evil"
    run "$install" "$evil" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"its signature is not a trusted key's signature of this file"* ]] || { echo "$output"; return 1; }
    [ "$(snapshot)" = "$before" ]
    [ "$(resolved)" = 1.0.0-rc.1 ]
}

@test "with nothing installed, the checkout's keys judge the package before any of its code runs" {
    make_keys
    checkout_trusting "$ours"
    # The attacker's binary would accept its own package: the script must refuse it before
    # running any of its code, as a tarball and as a feed.
    evil=$(repack 1.0.0-rc.2 "$BATS_TEST_TMPDIR/b" "$theirs")
    sign theirs "$evil"
    run "$checkout/scripts/install" "$evil" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"its signature is not one of this checkout's keys for qa"* ]] || { echo "$output"; return 1; }
    [ ! -e "$prefix" ]
    MELI_SIGNING_KEY="$(cat "$keys/theirs.pem")" publish "$BATS_TEST_TMPDIR/theirs" "$evil"
    run "$checkout/scripts/install" "$BATS_TEST_TMPDIR/theirs/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"its signature (feed.json.sig) is not one of this checkout's keys for qa"* ]] || { echo "$output"; return 1; }
    [ ! -e "$prefix" ]
    # Their build in a feed we signed: the build's own signature is checked too.
    cp "$BATS_TEST_TMPDIR/theirs/feed.json" "$BATS_TEST_TMPDIR/b/"
    sign_feed ours "$BATS_TEST_TMPDIR/b/feed.json"
    run "$checkout/scripts/install" "$BATS_TEST_TMPDIR/b/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"$(basename "$evil") is refused: its signature is not one of this checkout's keys for qa"* ]] || { echo "$output"; return 1; }
    [ ! -e "$prefix" ]
    unsigned=$(repack 1.0.0-rc.3 "$BATS_TEST_TMPDIR/c" "$theirs")
    run "$checkout/scripts/install" "$unsigned" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"is not signed, and this checkout trusts only packages signed by its keys for qa"* ]] || { echo "$output"; return 1; }
    [ ! -e "$prefix" ]

    # Our build, signed with our key, installs: from a feed (its ed25519 field) and as a tarball.
    legit=$(repack 1.0.0-rc.4 "$BATS_TEST_TMPDIR/d" "$ours")
    MELI_SIGNING_KEY="$(cat "$keys/ours.pem")" publish "$BATS_TEST_TMPDIR/ours" "$legit"
    run "$checkout/scripts/install" "$BATS_TEST_TMPDIR/ours/feed.json" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(resolved)" = 1.0.0-rc.4 ]
    rm -rf "$prefix"
    sign ours "$legit"
    run "$checkout/scripts/install" "$legit" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(resolved)" = 1.0.0-rc.4 ]
}

@test "feeds and packages come over https, plain http only from this machine, or from a path: others are refused before any download" {
    for address in http://192.0.2.2:8765/feed.json http://127.0.0.1:80@192.0.2.2/feed.json http://localhost.example/feed.json \
        http://127.0.0.1.example/feed.json ftp://127.0.0.1/feed.json; do
        run "$install" "$address" --prefix "$prefix"
        [ "$status" -eq 1 ] || { echo "$address: $output"; return 1; }
        [[ $output == *"nothing was installed"* ]] || { echo "$address: $output"; return 1; }
        [[ $output != *"cannot download"* ]] || { echo "$address was fetched: $output"; return 1; }
    done
    [ ! -e "$prefix" ]
}

@test "MELI_UPDATE_KEYS split at tabs and newlines too, special files refused, and a feed's builds are of the binary it names" {
    make_keys
    new_key third >/dev/null
    third=$(repack 1.0.0-rc.2 "$BATS_TEST_TMPDIR/t")
    sign third "$third"
    # Two keys with a tab between them: both trusted, and a third key's package is refused (it
    # was one word, dropped, so no key was trusted and the package's code ran).
    MELI_UPDATE_KEYS="$ours"$'\t'"$theirs" run "$install" "$third" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"its signature is not one of this checkout's keys for qa"* ]] || { echo "$output"; return 1; }
    MELI_UPDATE_KEYS=$'\n'"not-a-key" run "$install" "$third" --prefix "$prefix"
    [ "$status" -eq 1 ] && [[ $output == *"'not-a-key' is refused: it is not an Ed25519 public key"* ]] || { echo "$output"; return 1; }
    [ ! -e "$prefix" ]

    # A feed that is /dev/zero or a fifo is refused at once (cp filled the disk, or hung).
    mkdir "$BATS_TEST_TMPDIR/special"
    ln -s /dev/zero "$BATS_TEST_TMPDIR/special/feed.json"
    run within 20 "$install" "$BATS_TEST_TMPDIR/special/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ] && [[ $output == *"is not a regular file"* ]] || { echo "$output"; return 1; }
    rm "$BATS_TEST_TMPDIR/special/feed.json"
    mkfifo "$BATS_TEST_TMPDIR/special/feed.json"
    run within 20 "$install" "$BATS_TEST_TMPDIR/special/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ] && [[ $output == *"is not a regular file"* ]] || { echo "$output"; return 1; }

    # A feed for meli-qa offering a meli-dev file: not taken (it was checked against meli-dev's
    # keys, none, and run).
    mkdir "$BATS_TEST_TMPDIR/other"
    dev="meli-dev_9.9.9-rc.1_${platform}.tar.gz"
    cp "$third" "$BATS_TEST_TMPDIR/other/$dev"
    printf '{"channel": "qa", "binary": "meli-qa", "builds": [{"version": "9.9.9-rc.1", "os": "%s", "arch": "%s", "file": "%s", "sha256": "%s"}]}\n' \
        "$(uname -s | tr '[:upper:]' '[:lower:]')" "$(uname -m)" "$dev" "$(sha256_of "$third")" >"$BATS_TEST_TMPDIR/other/feed.json"
    run "$install" "$BATS_TEST_TMPDIR/other/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ] && [[ $output == *"has no unexpired build of meli-qa"* ]] || { echo "$output"; return 1; }
    [ ! -e "$prefix" ]
}

# An attacker's stand-in for a prefix's binary at $1: a script that leaves $BATS_TEST_TMPDIR/pwned.
plant() {
    mkdir -p "$(dirname "$1")"
    printf '#!/bin/sh\ntouch "%s/pwned"\necho "planted binary ran"\n' "$BATS_TEST_TMPDIR" >"$1"
    chmod 0755 "$1"
}

# A folder anyone can write (0777, not sticky), as $open.
open_folder() {
    open="$BATS_TEST_TMPDIR/open"
    mkdir -p "$open"
    chmod 0777 "$open"
}

# Runs scripts/install with $@ and checks it refused (exit 1) with a message holding $expected,
# and that nothing planted ran.
refused() {
    run "$install" "$@"
    [ "$status" -eq 1 ] || { echo "$*: $status $output"; return 1; }
    [[ $output == *"$expected"* ]] || { echo "$*: $output"; return 1; }
    [ ! -e "$BATS_TEST_TMPDIR/pwned" ] || { echo "$*: the planted binary ran: $output"; return 1; }
}

@test "a prefix's binary runs only when nobody else can change it: every folder from /, every link on the way and the file" {
    open_folder
    # A prefix in a folder anyone can write: the old script ran its bin/meli-qa to install, roll
    # back or uninstall (as root, the attacker's script ran as root).
    pfx="$open/pfx"
    plant "$pfx/bin/meli-qa"
    expected="$pfx/bin/meli-qa is not run: $open can be written by users other than its owner (mode 0777), who could change what runs from it; nothing was"
    refused "$qa" --prefix "$pfx"
    [[ $output == *"Take their write permission away (chmod go-w $open), or use another prefix with --prefix DIR."* ]] || { echo "$output"; return 1; }
    refused --rollback meli-qa --prefix "$pfx"
    refused --uninstall meli-qa --prefix "$pfx"
    # The default prefix, ~/.local, under a HOME there.
    plant "$open/home/.local/bin/meli-qa"
    expected="$open/home/.local/bin/meli-qa is not run: $open can be written"
    HOME="$open/home" refused "$qa"
    HOME="$open/home" refused --uninstall meli-qa
    # A relative prefix is checked from the working folder, through '..'.
    expected="/open/pfx/bin/meli-qa is not run: $open can be written"
    (cd "$BATS_TEST_TMPDIR" && refused --rollback meli-qa --prefix ../"$(basename "$BATS_TEST_TMPDIR")"/open/pfx)

    # A prefix of our own whose bin/ the group can write (for root, no group is private).
    if [ "$(id -u)" = 0 ]; then
        plant "$prefix/bin/meli-qa"
        chmod 0775 "$prefix/bin"
        expected="$prefix/bin/meli-qa is not run: $prefix/bin can be written by users other than its owner (mode 0775)"
        refused "$qa" --prefix "$prefix"
        rm -rf "$prefix"
    fi
    # A prefix of our own whose bin/meli-qa is a link into the open folder, through another link.
    mkdir -p "$prefix/bin" "$BATS_TEST_TMPDIR/ours"
    plant "$open/meli-qa"
    ln -s "$open/meli-qa" "$BATS_TEST_TMPDIR/ours/hop"
    ln -s ../../ours/hop "$prefix/bin/meli-qa"
    expected="$prefix/bin/meli-qa is not run: $open can be written"
    refused "$qa" --prefix "$prefix"
    # A loop of links: more than 40.
    rm "$prefix/bin/meli-qa"
    ln -s meli-qa "$prefix/bin/meli-qa"
    expected="$prefix/bin/meli-qa is not run: $prefix/bin/meli-qa leads through more than 40 links"
    refused --rollback meli-qa --prefix "$prefix"
    rm -rf "$prefix"

    # A folder with the sticky bit (as /tmp) is fine: the package installs there, and the binary
    # installed is then the one run.
    mkdir -p "$BATS_TEST_TMPDIR/sticky"
    chmod 1777 "$BATS_TEST_TMPDIR/sticky"
    run "$install" "$qa" --prefix "$BATS_TEST_TMPDIR/sticky/pfx"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    run "$install" --uninstall meli-qa --prefix "$BATS_TEST_TMPDIR/sticky/pfx"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ ! -e "$BATS_TEST_TMPDIR/pwned" ]
}

@test "as root: a prefix, a bin/ or a HOME that another user owns is refused before her binary runs" {
    [ "$(id -u)" = 0 ] || skip "needs root, to give folders to another user"
    # Another user: a uid with no name is one all the same (root can give it anything).
    other=4242
    mal="$BATS_TEST_TMPDIR/mal"
    plant "$mal/pfx/bin/meli-qa"
    chown -R "$other:$other" "$mal"
    expected="$mal/pfx/bin/meli-qa is not run: $mal belongs to another user (uid $other), who could change what runs from it"
    make_keys
    signed=$(repack 1.0.0-rc.1 "$BATS_TEST_TMPDIR/signed")
    sign ours "$signed"
    MELI_UPDATE_KEYS=$ours refused "$signed" --prefix "$mal/pfx"
    [[ $output == *"chown root $mal"* ]] || { echo "$output"; return 1; }
    refused --rollback meli-qa --prefix "$mal/pfx"
    # A prefix of root's whose bin/ is hers.
    mkdir -p "$prefix"
    mv "$mal/pfx/bin" "$prefix/"
    expected="$prefix/bin/meli-qa is not run: $prefix/bin belongs to another user (uid $other)"
    refused --uninstall meli-qa --prefix "$prefix"
    # Root with her HOME (sudo keeps it): the default prefix is in it.
    mkdir -p "$mal/.local"
    mv "$prefix/bin" "$mal/.local/"
    expected="$mal/.local/bin/meli-qa is not run: $mal belongs to another user (uid $other)"
    HOME=$mal refused "$qa"
    # Her file in root's folders: the file itself counts too.
    rm -rf "$prefix"
    plant "$prefix/bin/meli-qa"
    chown "$other" "$prefix/bin/meli-qa"
    expected="$prefix/bin/meli-qa is not run: $prefix/bin/meli-qa belongs to another user (uid $other)"
    refused "$qa" --prefix "$prefix"
}

@test "the work folder: a TMPDIR others can write or own is refused, and mktemp's folder must be ours and 0700" {
    open_folder
    mkdir -p "$open/t"
    # In a TMPDIR inside a folder another user can write, she could rename the work folder and
    # swap the package between its check and its unpack (the old script installed from it).
    TMPDIR="$open/t" run "$install" "$qa" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"TMPDIR ($open/t) is not private: $open can be written by users other than its owner (mode 0777), who could swap what this script checks before it is installed; nothing was installed"*"Unset TMPDIR, or point it at a folder of your own"* ]] || { echo "$output"; return 1; }
    [ ! -e "$prefix" ]
    [ -z "$(ls -A "$open/t")" ]
    if [ "$(id -u)" = 0 ]; then
        mkdir -p "$BATS_TEST_TMPDIR/theirs"
        chown 4242 "$BATS_TEST_TMPDIR/theirs"
        TMPDIR="$BATS_TEST_TMPDIR/theirs" run "$install" "$qa" --prefix "$prefix"
        [ "$status" -eq 1 ] || { echo "$output"; return 1; }
        [[ $output == *"TMPDIR ($BATS_TEST_TMPDIR/theirs) is not private: $BATS_TEST_TMPDIR/theirs belongs to another user (uid 4242)"* ]] || { echo "$output"; return 1; }
        [ ! -e "$prefix" ]
    fi

    # A folder mktemp made that is not 0700 (an old mktemp, or one swapped in) is not used.
    stubs="$BATS_TEST_TMPDIR/stubs"
    mkdir -p "$stubs"
    printf '#!/bin/sh\nd=$("%s" "$@") && chmod 0755 "$d" && echo "$d"\n' "$(command -v mktemp)" >"$stubs/mktemp"
    chmod 0755 "$stubs/mktemp"
    mkdir -p "$BATS_TEST_TMPDIR/mine"
    TMPDIR="$BATS_TEST_TMPDIR/mine" PATH="$stubs:$PATH" run "$install" "$qa" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"mktemp made $BATS_TEST_TMPDIR/mine/meli-install."*", which is not a folder of yours that only you can use (mode 0700); nothing was installed"* ]] || { echo "$output"; return 1; }
    [ ! -e "$prefix" ]
    [ -z "$(ls -A "$BATS_TEST_TMPDIR/mine")" ]

    # A TMPDIR of ours through a link is followed and used, and left empty.
    ln -s mine "$BATS_TEST_TMPDIR/linked"
    TMPDIR="$BATS_TEST_TMPDIR/linked" run "$install" "$qa" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ -z "$(ls -A "$BATS_TEST_TMPDIR/mine")" ]
}

@test "with keys for some environments only, every feed is signed: an unsigned feed naming meli-dev is refused, and its tarball installs by name" {
    make_keys
    checkout_trusting "$ours"
    # A meli-dev build whose binary records that it ran, and a feed naming it, unsigned (the old
    # script found no key for dev, checked nothing and ran it, as root under sudo).
    dir="$BATS_TEST_TMPDIR/dev"
    top="meli-dev_9.9.9_${platform}"
    mkdir -p "$dir/work/$top/bin"
    printf '#!/bin/sh\necho "$*" >"%s/dev-ran"\n' "$BATS_TEST_TMPDIR" >"$dir/work/$top/bin/meli-dev"
    chmod 0755 "$dir/work/$top/bin/meli-dev"
    tar czf "$dir/$top.tar.gz" -C "$dir/work" "$top"
    (cd "$dir" && sha256_line "$top.tar.gz" >checksums.txt)
    printf '{"binary": "meli-dev", "builds": [{"version": "9.9.9", "os": "%s", "arch": "%s", "file": "%s", "sha256": "%s"}]}\n' \
        "$(uname -s | tr '[:upper:]' '[:lower:]')" "$(uname -m)" "$top.tar.gz" "$(sha256_of "$dir/$top.tar.gz")" >"$dir/feed.json"
    run "$checkout/scripts/install" "$dir/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"the feed $dir/feed.json names meli-dev, for which this checkout lists no key"*"nothing was installed"* ]] || { echo "$output"; return 1; }
    [[ $output == *"give the tarball by name, whose name shows the binary: scripts/install $top.tar.gz"* ]] || { echo "$output"; return 1; }
    [ ! -e "$BATS_TEST_TMPDIR/dev-ran" ]
    [ ! -e "$prefix" ]
    # Signed with the qa key: still not a key for dev.
    sign_feed ours "$dir/feed.json"
    run "$checkout/scripts/install" "$dir/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ] && [[ $output == *"names meli-dev, for which this checkout lists no key"* ]] || { echo "$output"; return 1; }
    [ ! -e "$BATS_TEST_TMPDIR/dev-ran" ]
    # MELI_UPDATE_KEYS counts for every environment: the feed must then be signed by one of them.
    rm "$dir/feed.json.sig"
    MELI_UPDATE_KEYS=$theirs run "$install" "$dir/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ] && [[ $output == *"is not signed (no feed.json.sig beside it), and this checkout trusts only feeds signed by its keys for dev"* ]] || { echo "$output"; return 1; }
    [ ! -e "$BATS_TEST_TMPDIR/dev-ran" ]
    [ ! -e "$prefix" ]
    # On purpose, by the tarball's name: checked against its checksums.txt (no key for dev), then run.
    run "$checkout/scripts/install" "$dir/$top.tar.gz" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $(cat "$BATS_TEST_TMPDIR/dev-ran") == "self install "*"/package/$top.tar.gz --prefix $prefix" ]]
}

@test "curl reads no .curlrc: the HOME in effect may be another user's" {
    channel="$BATS_TEST_TMPDIR/channel"
    publish "$channel" "$(repack 1.0.0-rc.1 "$BATS_TEST_TMPDIR/a")"
    serve "$channel"
    # Read, these made curl fetch another address too and write it where they say (as root: any
    # file), and stop checking certificates.
    printf 'insecure\nurl = "%s/feed.json"\noutput = "%s"\n' "$server" "$BATS_TEST_TMPDIR/written" >"$HOME/.curlrc"
    XDG_CONFIG_HOME="$HOME" CURL_HOME="$HOME" run "$install" "$server/feed.json" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ ! -e "$BATS_TEST_TMPDIR/written" ]
    [ "$(resolved)" = 1.0.0-rc.1 ]
}

@test "an address with a user name or password is refused before anything, masked; a redirect or an error status is named" {
    stubs="$BATS_TEST_TMPDIR/stubs"
    mkdir -p "$stubs"
    printf '#!/bin/sh\ntouch "%s/curl-ran"\nexit 7\n' "$BATS_TEST_TMPDIR" >"$stubs/curl"
    chmod 0755 "$stubs/curl"
    for address in 'https://tester:s3cr3t-pw@127.0.0.1:1/feed.json' 'http://tester:s3cr3t-pw@localhost/a/feed.json' 'https://s3cr3t-pw@example.com/x_1.0.0_linux_x86_64.tar.gz'; do
        PATH="$stubs:$PATH" run "$install" "$address" --prefix "$prefix"
        [ "$status" -eq 1 ] || { echo "$address: $output"; return 1; }
        [[ $output == *"://***@"*" contains a user name or password, which this script does not send"*"nothing was installed"* ]] || { echo "$output"; return 1; }
        [[ $output != *s3cr3t* ]] || { echo "$output"; return 1; }
        [ ! -e "$BATS_TEST_TMPDIR/curl-ran" ]
    done
    [[ $output == *"https://***@example.com/x_1.0.0_linux_x86_64.tar.gz contains"* ]] || { echo "$output"; return 1; }

    # A plain http feed that redirects: said so (it was "names no binary"); a 404 is named.
    channel="$BATS_TEST_TMPDIR/channel"
    publish "$channel" "$(repack 1.0.0-rc.1 "$BATS_TEST_TMPDIR/a")"
    serve "$channel"
    run "$install" "$server/moved/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"$server/moved/feed.json redirects (HTTP 302, to /feed.json); nothing was installed"*"give the address it redirects to"* ]] || { echo "$output"; return 1; }
    run "$install" "$server/nothing/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ] && [[ $output == *"cannot download $server/nothing/feed.json: HTTP 404, "* ]] || { echo "$output"; return 1; }
    [ ! -e "$prefix" ]
}

@test "a tarball's path is opened once: swapped for a fifo after the check, the copy already made is the one installed" {
    dir="$BATS_TEST_TMPDIR/t"
    mkdir -p "$dir"
    cp "$qa" "$PACKAGES/checksums.txt" "$dir/"
    tarball="$dir/$(basename "$qa")"
    # wc stands in for the moment after the check: the first time it runs, the tarball becomes a
    # fifo nobody writes (the old script then opened the path again and waited for ever).
    stubs="$BATS_TEST_TMPDIR/stubs"
    mkdir -p "$stubs"
    cat >"$stubs/wc" <<STUB
#!/usr/bin/env bash
"$(command -v wc)" "\$@"
status=\$?
if [ ! -e "$BATS_TEST_TMPDIR/swapped" ]; then touch "$BATS_TEST_TMPDIR/swapped"; rm -f "$tarball"; mkfifo "$tarball"; fi
exit \$status
STUB
    chmod 0755 "$stubs/wc"
    PATH="$stubs:$PATH" run within 60 "$install" "$tarball" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$status: $output"; return 1; }
    [ -p "$tarball" ]
    [ "$(resolved)" = "$(basename "$qa" | cut -d_ -f2)" ]
}

@test "safe_path in lib.sh follows links one at a time, as the system does, and checks each thing on the way" {
    . "$scripts/lib.sh"
    t=$BATS_TEST_TMPDIR
    mkdir -p "$t/a/b" "$t/c"
    touch "$t/c/file"
    ln -s ../../c "$t/a/b/up"
    ln -s "$t/a/b/up/file" "$t/abs"
    # '..' after a link is the link target's parent, not the link's folder's.
    # is: PATH, then what safe_path must find: its status, then kind and real path, or why and what.
    is() {
        local path=$1 want=$2 status=0
        safe_path "$path" || status=$?
        [ "$status" = "$want" ] || { echo "$path: status $status, not $want ($safe_why $safe_bad)"; return 1; }
        if [ "$want" = 0 ]; then
            [ "$safe_kind $safe_real" = "$3 $4" ] || { echo "$path: $safe_kind $safe_real, not $3 $4"; return 1; }
        else
            [ "$safe_why $safe_bad $safe_detail" = "$3 $4" ] || { echo "$path: $safe_why $safe_bad $safe_detail, not $3 $4"; return 1; }
        fi
    }
    is "$t/a/b/up/../c/./file" 0 file "$t/c/file"
    (cd "$t/a" && is b/up/file 0 file "$t/c/file")
    is "$t/abs" 0 file "$t/c/file"
    is "$t/a/b" 0 dir "$t/a/b"
    is "$t/a/nothing/x" 0 missing "$t/a/nothing"
    is "$t/c/file/x" 0 missing "$t/c/file"
    mkfifo -m 0644 "$t/c/fifo"
    is "$t/c/fifo" 0 other "$t/c/fifo"
    # /dev/null: anyone can write it.
    is /dev/null 1 writable "/dev/null mode 0666"
    # 40 links are followed, 41 are not.
    touch "$t/c/end"
    prev=end
    for n in $(seq 1 41); do ln -s "$prev" "$t/c/l$n"; prev=l$n; done
    is "$t/c/l40" 0 file "$t/c/end"
    is "$t/c/l41" 1 links "$t/c/l41 more than 40"
    # A file others can write, at the end of links; a link's own mode does not count.
    chmod 0666 "$t/c/end"
    is "$t/c/l3" 1 writable "$t/c/end mode 0666"
    [ "$(mode_octal drwxrwxrwt)" = 01777 ]
    [ "$(mode_octal -rwsr-xr-x)" = 04755 ]
    [ "$(mode_octal drwxr-S---)" = 02740 ]
    if [ "$(id -u)" = 0 ]; then
        # Root has no private group: a folder on the way the group can write is refused.
        [ -z "$(private_group)" ]
        chmod 0770 "$t/a"
        is "$t/a/b" 1 writable "$t/a mode 0770"
        chmod 0755 "$t/a"
        # A link another user made, in our folder, though it leads to our file.
        ln -s ../c/file "$t/a/theirs"
        chown -h 4242 "$t/a/theirs"
        is "$t/a/theirs" 1 owner "$t/a/theirs uid 4242"
    fi
}

@test "safe_path: a folder of the user's own that only the user's private group can write passes, for a user who is not root" {
    . "$scripts/lib.sh"
    t=$BATS_TEST_TMPDIR/private
    mkdir -p "$t/shared"
    # The user 'tester' of id and getent, as this machine's own would answer for a user whose
    # primary group is a private one (named as the user, no members). As root, a uid of no one's
    # owns the folders; otherwise the user running the test does. (Not uid or gid: lib.sh's own
    # locals would hide them from these functions.)
    if [ "$(id -u)" = 0 ]; then tester_uid=4242 tester_gid=4242; chown -R 4242:4242 "$t"; else tester_uid=$(id -u) tester_gid=$(id -g); fi
    members=""
    id() {
        case "$*" in
            -u) echo "$tester_uid" ;; -un | -gn) echo tester ;; -g | "-g tester") echo "$tester_gid" ;;
            *) command id "$@" ;;
        esac
    }
    passwd_lines="tester:x:$tester_uid:$tester_gid::/home/tester:/bin/sh"
    getent() {
        case "$*" in
            "group $tester_gid") echo "tester:x:$tester_gid:$members" ;;
            passwd) printf '%s\n' "$passwd_lines" ;;
            *) return 2 ;;
        esac
    }
    [ "$(private_group)" = "$tester_gid" ]
    chmod 0770 "$t" "$t/shared"
    safe_path "$t/shared"
    [ "$safe_kind" = dir ]
    # Not when the group has members, nor when others can write.
    members=bob
    [ -z "$(private_group)" ]
    status=0
    safe_path "$t/shared" || status=$?
    [ "$status" = 1 ]
    [ "$safe_why $safe_bad" = "writable $t" ]
    members=""
    chmod 0772 "$t/shared"
    status=0
    safe_path "$t/shared" || status=$?
    [ "$status" = 1 ]
    [ "$safe_why $safe_bad" = "writable $t/shared" ]
    chmod 0770 "$t/shared"
    safe_path "$t/shared"
    # Nor when another account has that group as its primary one (useradd -g tester eve): it is
    # in no member list, yet writes what the group may.
    passwd_lines="tester:x:$tester_uid:$tester_gid::/home/tester:/bin/sh"$'\n'"eve:x:4243:$tester_gid::/home/eve:/bin/sh"
    [ -z "$(private_group)" ]
    status=0
    safe_path "$t/shared" || status=$?
    [ "$status" = 1 ] && [ "$safe_why $safe_bad" = "writable $t" ]
    passwd_lines="tester:x:$tester_uid:$tester_gid::/home/tester:/bin/sh"
    safe_path "$t/shared"
    # Nor with an access control list: the group's bits are then its mask, and 'u:eve:rwx' (a POSIX
    # ACL, set as setfacl would) lets eve write it.
    if python3 - "$t/shared" <<'PY'
import os, struct, sys
blob = struct.pack("<I", 2)
for tag, perm, who in [(1, 7, 0xFFFFFFFF), (2, 7, 4243), (4, 5, 0xFFFFFFFF), (0x10, 7, 0xFFFFFFFF), (0x20, 0, 0xFFFFFFFF)]:
    blob += struct.pack("<HHI", tag, perm, who)
os.setxattr(sys.argv[1], "system.posix_acl_access", blob)
PY
    then
        [[ $(ls -ldn "$t/shared") == drwxrwx*+* ]]
        status=0
        safe_path "$t/shared" || status=$?
        [ "$status" = 1 ] && [ "$safe_why $safe_bad $safe_detail" = "writable $t/shared mode 0770, with an access control list" ]
    else
        echo "# this file system takes no POSIX ACL: the ACL part is not run" >&3
    fi
}

@test "copy_regular: a fifo or a device at the path is refused through the open itself, never waited on; a file is copied up to its limit" {
    . "$scripts/lib.sh"
    t=$BATS_TEST_TMPDIR/copy
    mkdir -p "$t"
    # A fifo with no writer: bash's '3<fifo' waited here for ever (an attack round swapped one in
    # between scripts/install's check and its open). timeout only guards this test.
    mkfifo "$t/fifo"
    status=0
    within 10 bash -c '. "$1" && copy_regular "$2" "$3" 100' _ "$scripts/lib.sh" "$t/fifo" "$t/out" || status=$?
    [ "$status" = 3 ]
    status=0
    within 10 bash -c '. "$1" && copy_regular /dev/zero "$2" 100' _ "$scripts/lib.sh" "$t/out" || status=$?
    [ "$status" = 3 ]
    printf '0123456789abcdef' >"$t/file"
    copy_regular "$t/file" "$t/out" 100
    [ "$(cat "$t/out")" = 0123456789abcdef ]
    # At most LIMIT + 1 bytes: the caller tells 'larger than LIMIT' from the size.
    copy_regular "$t/file" "$t/out" 4
    [ "$(cat "$t/out")" = 01234 ]
    # Through a link to a file, as a tarball's path may be.
    ln -s file "$t/link"
    copy_regular "$t/link" "$t/out" 100
    [ "$(cat "$t/out")" = 0123456789abcdef ]
    status=0
    copy_regular "$t/missing" "$t/out" 100 || status=$?
    [ "$status" = 2 ]
}
