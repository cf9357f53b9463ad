#!/usr/bin/env bats
# scripts/install is a thin wrapper over '<binary> self install' (tested in Swift, in
# Tests/MeliCoreTests/Update): these prove the wrapper reaches that code, with a package made by
# scripts/package from the debug build (scripts/test builds it first), and that 'update' installs
# through it too.

load signing_keys

setup_file() {
    repo="$BATS_TEST_DIRNAME/../.."
    bin=$(cd "$repo" && swift build --show-bin-path)
    export PACKAGES="$BATS_FILE_TMPDIR/packages"
    mkdir -p "$PACKAGES"
    "$repo/scripts/package" --binary "$bin/meli-qa" --out "$PACKAGES" qa >/dev/null
}

setup() {
    install="$BATS_TEST_DIRNAME/../../scripts/install"
    prefix="$BATS_TEST_TMPDIR/prefix"
    export HOME="$BATS_TEST_TMPDIR/home"
    mkdir -p "$HOME"
    qa=$(ls "$PACKAGES"/meli-qa_*.tar.gz)
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
    (cd "$2" && sha256sum "$new.tar.gz" >>checksums.txt)
    echo "$2/$new.tar.gz"
}

# The version folder bin/meli-qa resolves into, and a run of it.
resolved() { basename "$(dirname "$(dirname "$(readlink -f "$prefix/bin/meli-qa")")")"; }
run_installed() { env -i HOME="$HOME" PATH=/usr/bin:/bin "$prefix/bin/meli-qa" "$@"; }

@test "install, upgrade, --rollback and --uninstall go through the binary's own installer" {
    run "$install" "$qa" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"installed in $prefix (bin/meli-qa)"* ]]
    [[ $output == *"is not on your PATH"* ]]
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
    before=$(find "$prefix" -printf '%P %l\n' | sort)
    older=$(repack 1.5.0 "$BATS_TEST_TMPDIR/older")
    run "$install" "$older" --prefix "$prefix"
    [ "$status" -eq 1 ]
    [[ $output == *"meli-qa 2.0.0 is in use, newer than this package's 1.5.0; nothing was installed"*"--allow-downgrade"* ]] || { echo "$output"; return 1; }
    [ "$(resolved)" = 2.0.0 ]
    [ "$(find "$prefix" -printf '%P %l\n' | sort)" = "$before" ]
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
        (cd "$dir" && sha256sum "$top.tar.gz" >checksums.txt)
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

@test "a feed: scripts/install picks its newest build, and meli-qa update moves to the next" {
    channel="$BATS_TEST_TMPDIR/channel"
    QA_CHANNEL_DIR="$channel" "$BATS_TEST_DIRNAME/../../scripts/publish-qa" --tarball "$(repack 1.0.0-rc.1 "$BATS_TEST_TMPDIR/a")" >/dev/null
    run "$install" "$channel/feed.json" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(resolved)" = 1.0.0-rc.1 ]

    next=$(repack 1.0.0-rc.2 "$BATS_TEST_TMPDIR/b")
    QA_CHANNEL_DIR="$channel" "$BATS_TEST_DIRNAME/../../scripts/publish-qa" --tarball "$next" >/dev/null
    # A file of the download's name already in the cache is not this run's: neither replaced nor removed.
    mkdir -p "$HOME/.cache/meli-qa/update"
    echo planted >"$HOME/.cache/meli-qa/update/$(basename "$next")"
    run env -i HOME="$HOME" PATH=/usr/bin:/bin MELI_QA_UPDATE_FEED_URL="$channel/feed.json" "$prefix/bin/meli-qa" update
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(resolved)" = 1.0.0-rc.2 ]
    [ "$(readlink "$prefix/lib/meli-qa/previous")" = 1.0.0-rc.1 ]
    # The download is not left behind, and the planted file is as it was.
    [ "$(ls -A "$HOME/.cache/meli-qa/update")" = "$(basename "$next")" ]
    [ "$(cat "$HOME/.cache/meli-qa/update/$(basename "$next")")" = planted ]
    run_installed --version
}

@test "a feed in any JSON layout: the binary, not the script, chooses the newest valid build" {
    channel="$BATS_TEST_TMPDIR/channel"
    QA_CHANNEL_DIR="$channel" "$BATS_TEST_DIRNAME/../../scripts/publish-qa" --tarball "$(repack 1.0.0-rc.1 "$BATS_TEST_TMPDIR/a")" >/dev/null
    QA_CHANNEL_DIR="$channel" "$BATS_TEST_DIRNAME/../../scripts/publish-qa" --tarball "$(repack 1.0.0-rc.2 "$BATS_TEST_TMPDIR/b")" >/dev/null
    # The same feed on one line, with a hostile newest entry first: a file outside the channel.
    python3 - "$channel/feed.json" <<'PY'
import json, sys
feed = json.load(open(sys.argv[1]))
bad = dict(feed["builds"][0], version="9.9.9", file="../meli-qa_9.9.9_x.tar.gz")
feed["builds"].insert(0, bad)
open(sys.argv[1], "w").write(json.dumps(feed))
PY
    run "$install" "$channel/feed.json" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(resolved)" = 1.0.0-rc.2 ]
}

@test "signed builds: a trusted key's signature installs; unsigned, another key's or another file's signature is refused and the prefix stays" {
    make_keys
    pub=$ours
    publish() { QA_CHANNEL_DIR="$1" "$BATS_TEST_DIRNAME/../../scripts/publish-qa" --tarball "$2" >/dev/null 2>&1; }

    one=$(repack 1.0.0-rc.1 "$BATS_TEST_TMPDIR/a")
    MELI_SIGNING_KEY="$(cat "$keys/ours.pem")" publish "$BATS_TEST_TMPDIR/signed" "$one"
    grep -q '"ed25519": "' "$BATS_TEST_TMPDIR/signed/feed.json"
    # Anyone can check a download by hand with openssl and the public key.
    openssl pkey -in "$keys/ours.pem" -pubout -out "$keys/ours.pub.pem"
    openssl pkeyutl -verify -pubin -inkey "$keys/ours.pub.pem" -rawin -in "$BATS_TEST_TMPDIR/signed/$(basename "$one")" \
        -sigfile "$BATS_TEST_TMPDIR/signed/$(basename "$one").sig"
    MELI_UPDATE_KEYS=$pub run "$install" "$BATS_TEST_TMPDIR/signed/feed.json" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output != *"trusts no signing key"* ]]
    [ "$(resolved)" = 1.0.0-rc.1 ]
    before=$(find "$prefix" -printf '%P %l\n' | sort)

    publish "$BATS_TEST_TMPDIR/unsigned" "$(repack 1.0.0-rc.2 "$BATS_TEST_TMPDIR/b")"
    MELI_UPDATE_KEYS=$pub run "$install" "$BATS_TEST_TMPDIR/unsigned/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ]
    [[ $output == *"it is not signed"* ]] || { echo "$output"; return 1; }

    MELI_SIGNING_KEY="$(cat "$keys/theirs.pem")" publish "$BATS_TEST_TMPDIR/theirs" "$(repack 1.0.0-rc.3 "$BATS_TEST_TMPDIR/c")"
    MELI_UPDATE_KEYS=$pub run "$install" "$BATS_TEST_TMPDIR/theirs/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ]
    [[ $output == *"its signature is not a trusted key's signature of this file"* ]] || { echo "$output"; return 1; }

    # A tarball with our signature of another file beside it.
    four=$(repack 1.0.0-rc.4 "$BATS_TEST_TMPDIR/d")
    cp "$BATS_TEST_TMPDIR/signed/$(basename "$one").sig" "$four.sig"
    MELI_UPDATE_KEYS=$pub run "$install" "$four" --prefix "$prefix"
    [ "$status" -eq 1 ]
    [[ $output == *"its signature is not a trusted key's signature of this file"* ]] || { echo "$output"; return 1; }

    [ "$(find "$prefix" -printf '%P %l\n' | sort)" = "$before" ]
    [ "$(resolved)" = 1.0.0-rc.1 ]

    # A binary that trusts no key installs on the sha256 alone, and says so.
    run "$install" "$BATS_TEST_TMPDIR/unsigned/feed.json" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"trusts no signing key"* ]] || { echo "$output"; return 1; }
}

# Keys for the tests below: ours (the user trusts it) and theirs (an attacker's).
make_keys() {
    ours=$(new_key ours)
    theirs=$(new_key theirs)
    keys="$BATS_TEST_TMPDIR/keys"
}

@test "a package's own binary never judges its package: the installed binary does, and a package signed by the key its own binary trusts is refused" {
    make_keys
    # The user's build trusts our key (in its own env file) and is signed with it.
    legit=$(repack 1.0.0-rc.1 "$BATS_TEST_TMPDIR/a" "$ours")
    sign ours "$legit"
    run "$install" "$legit" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(resolved)" = 1.0.0-rc.1 ]
    before=$(find "$prefix" -printf '%P %l\n' | sort)

    # An attacker's build whose binary trusts their key, signed with it: run, that binary would
    # have vouched for its own package (it did, before: installed, exit 0).
    evil=$(repack 1.0.0-rc.2 "$BATS_TEST_TMPDIR/b" "$theirs")
    sign theirs "$evil"
    run "$install" "$evil" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"its signature is not a trusted key's signature of this file"* ]] || { echo "$output"; return 1; }
    [ "$(find "$prefix" -printf '%P %l\n' | sort)" = "$before" ]
    [ "$(resolved)" = 1.0.0-rc.1 ]
}

@test "with nothing installed, the checkout's keys judge the package before any of its code runs" {
    make_keys
    # A checkout that lists our key for qa: scripts/ and Config/ are all scripts/install reads.
    checkout="$BATS_TEST_TMPDIR/checkout"
    mkdir "$checkout"
    cp -R "$BATS_TEST_DIRNAME/../../scripts" "$BATS_TEST_DIRNAME/../../Config" "$checkout/"
    echo "qa $ours" >>"$checkout/Config/signing-keys"
    publish() { QA_CHANNEL_DIR="$1" "$BATS_TEST_DIRNAME/../../scripts/publish-qa" --tarball "$2" >/dev/null 2>&1; }
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
    [[ $output == *"its signature is not one of this checkout's keys for qa"* ]] || { echo "$output"; return 1; }
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
    [ "$status" -eq 1 ] && [[ $output == *"'not-a-key' is not an Ed25519 public key"* ]] || { echo "$output"; return 1; }
    [ ! -e "$prefix" ]

    # A feed that is /dev/zero or a fifo is refused at once (cp filled the disk, or hung).
    mkdir "$BATS_TEST_TMPDIR/special"
    ln -s /dev/zero "$BATS_TEST_TMPDIR/special/feed.json"
    run timeout 20 "$install" "$BATS_TEST_TMPDIR/special/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ] && [[ $output == *"is not a regular file"* ]] || { echo "$output"; return 1; }
    rm "$BATS_TEST_TMPDIR/special/feed.json"
    mkfifo "$BATS_TEST_TMPDIR/special/feed.json"
    run timeout 20 "$install" "$BATS_TEST_TMPDIR/special/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ] && [[ $output == *"is not a regular file"* ]] || { echo "$output"; return 1; }

    # A feed for meli-qa offering a meli-dev file: not taken (it was checked against meli-dev's
    # keys, none, and run).
    mkdir "$BATS_TEST_TMPDIR/other"
    dev="meli-dev_9.9.9-rc.1_$(uname -s | tr '[:upper:]' '[:lower:]')_$(uname -m).tar.gz"
    cp "$third" "$BATS_TEST_TMPDIR/other/$dev"
    printf '{"channel": "qa", "binary": "meli-qa", "builds": [{"version": "9.9.9-rc.1", "os": "%s", "arch": "%s", "file": "%s", "sha256": "%s"}]}\n' \
        "$(uname -s | tr '[:upper:]' '[:lower:]')" "$(uname -m)" "$dev" "$(sha256sum "$third" | cut -d' ' -f1)" >"$BATS_TEST_TMPDIR/other/feed.json"
    run "$install" "$BATS_TEST_TMPDIR/other/feed.json" --prefix "$prefix"
    [ "$status" -eq 1 ] && [[ $output == *"has no build of meli-qa"* ]] || { echo "$output"; return 1; }
    [ ! -e "$prefix" ]
}
