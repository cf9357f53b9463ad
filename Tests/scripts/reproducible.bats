#!/usr/bin/env bats
# The real release build: scripts/reproducible packages meli-qa from two fresh clones of HEAD (two
# clean release builds, about a minute and a half), and the tarball they agree on is then run with
# the Swift toolchain out of reach. Uncommitted changes are not part of what is built.

setup_file() {
    # The build's reproducibility (setarch -R, the static Swift runtime) and these checks (ldd,
    # readelf) are Linux's; macOS builds are not held to byte-identical output.
    [ "$(uname -s)" = Linux ] || skip "the reproducible build and its checks are Linux's"
    repo="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"
    export repo
    export dist="$BATS_FILE_TMPDIR/dist"
    # Run once for the whole file; each test reads what it left behind. A strict umask: what it
    # writes must still be readable by others.
    # The version of the commit it packages, read now: a commit made meanwhile moves HEAD.
    (cd "$repo" && scripts/version) >"$BATS_FILE_TMPDIR/version"
    (umask 077 && "$repo/scripts/reproducible" --out "$dist" qa) >"$BATS_FILE_TMPDIR/stdout" 2>"$BATS_FILE_TMPDIR/stderr" &&
        echo 0 >"$BATS_FILE_TMPDIR/status" || echo $? >"$BATS_FILE_TMPDIR/status"
}

unpack() {
    tarball=$(ls "$dist"/meli-qa_*.tar.gz)
    mkdir -p "$BATS_TEST_TMPDIR/x" "$BATS_TEST_TMPDIR/home"
    tar xzf "$tarball" -C "$BATS_TEST_TMPDIR/x"
    bin=$(ls "$BATS_TEST_TMPDIR"/x/*/bin/meli-qa)
}

@test "two clean release builds from two clones package meli-qa to the same bytes" {
    cat "$BATS_FILE_TMPDIR/stderr" "$BATS_FILE_TMPDIR/stdout"
    [ "$(cat "$BATS_FILE_TMPDIR/status")" -eq 0 ]
    grep -q 'identical in two clean builds' "$BATS_FILE_TMPDIR/stdout"
    (cd "$dist" && sha256sum -c checksums.txt)
    [ "$(ls -ld "$dist" | cut -c1-10)" = drwxr-xr-x ]
    [ "$(ls -l "$dist" | sed 1d | cut -c1-10 | sort -u)" = -rw-r--r-- ]
}

@test "the packaged binary runs with no Swift toolchain in reach and carries its version" {
    unpack
    run env -i HOME="$BATS_TEST_TMPDIR/home" LD_LIBRARY_PATH=/nonexistent PATH=/nonexistent "$bin" --version
    [ "$status" -eq 0 ]
    version=$(cat "$BATS_FILE_TMPDIR/version")
    [[ $output == *"meli-qa $version"* ]]
    run env -i HOME="$BATS_TEST_TMPDIR/home" LD_LIBRARY_PATH=/nonexistent PATH=/nonexistent "$bin" env --json
    [ "$status" -eq 0 ]
    [[ $output == *'"reason": "installed beside the binary"'* ]]
    # Only system libraries: nothing from a Swift toolchain.
    run ldd "$bin"
    [ "$status" -eq 0 ]
    [ "$(grep -ci swift <<<"$output")" -eq 0 ]
}

@test "the release binary is stripped and names no build folder" {
    unpack
    run readelf -S -W "$bin"
    [ "$status" -eq 0 ]
    [ "$(grep -cE ' \.symtab | \.debug_' <<<"$output")" -eq 0 ]
    [ "$(grep -c "meli-reproducible" "$bin")" -eq 0 ]
    [ "$(grep -c "$repo" "$bin")" -eq 0 ]
}

@test "the release binary exports one symbol, which tells GnuTLS not to initialise itself, and the loader binds it there" {
    unpack
    # Exported, and nothing else (scripts/build links with --no-export-dynamic; Package.swift
    # exports this one): GnuTLS asks the program first (Sources/CCurl/ccurl.c).
    [ "$(nm -D --defined-only "$bin" | awk '{ print $3 }')" = _gnutls_global_init_skip ]
    # A request loads libcurl and its libraries; nothing listens on port 1, so it fails at once.
    run env -i HOME="$BATS_TEST_TMPDIR/home" PATH=/usr/bin:/bin MELI_API_BASE_URL=http://127.0.0.1:1 LD_DEBUG=bindings \
        "$bin" --no-cache search x
    [ "$status" -eq 1 ]
    [[ $output == *"cannot reach 127.0.0.1"* ]]
    if grep -q 'libgnutls\.so' <<<"$output"; then
        # This system's libcurl brings GnuTLS: its question is answered by the program.
        grep -F '`_gnutls_global_init_skip'"'" <<<"$output" | grep -qF " to $bin [0]:"
    else
        echo "# this system's libcurl loads no GnuTLS: nothing to bind" >&3
    fi
}
