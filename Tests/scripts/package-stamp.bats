#!/usr/bin/env bats
# scripts/package --binary packages only the build of the version it packages (issue 24: a
# leftover 0.1.0 binary became meli_0.1.1_... and installed as 0.1.1 saying 0.1.0). Stand-in
# binaries print what a build's --version prints; the refusals come before anything is built or
# written. Self install's side of the same check: Tests/MeliCoreTests/Update/BuildStampTests.swift.

load git_env

setup() {
    git_env
    repo="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"
    out="$BATS_TEST_TMPDIR/out"
    work="$BATS_TEST_TMPDIR/work"
    mkdir -p "$work/Config"
    cp -R "$repo/scripts" "$work/"
    cp "$repo"/Config/*.env "$repo/Config/environments" "$work/Config/"
    cp "$repo/README.md" "$repo/LICENSE" "$work/"
    echo 0.1.1 >"$work/VERSION"
    git init -q -b main "$work"
    cd "$work"
    git add -A
    git commit -q -m "Initial commit"
    git tag -a v0.1.1 -m "release 0.1.1"
}

# A stand-in binary at $BATS_TEST_TMPDIR/bin/$1 whose --version prints $2.
stand_in() {
    mkdir -p "$BATS_TEST_TMPDIR/bin"
    printf '#!/bin/sh\necho "%s"\n' "$2" >"$BATS_TEST_TMPDIR/bin/$1"
    chmod +x "$BATS_TEST_TMPDIR/bin/$1"
    echo "$BATS_TEST_TMPDIR/bin/$1"
}

@test "a leftover build of another version is refused, before anything is written" {
    binary=$(stand_in meli "meli 0.1.0 (production, 1234567)")
    run "$work/scripts/package" --binary "$binary" --out "$out" production
    [ "$status" -eq 1 ]
    [[ $output == *"'$binary' is not meli 0.1.1: its --version says 'meli 0.1.0 (production, 1234567)'; nothing was packaged"* ]]
    [[ $output == *"leave --binary out"*"scripts/build production"* ]]
    [ ! -e "$out" ]
}

@test "another environment's binary, and one that says nothing, are refused" {
    binary=$(stand_in meli-qa "meli-qa 0.1.1 (qa, 1234567)")
    run "$work/scripts/package" --binary "$binary" --out "$out" production
    [ "$status" -eq 1 ]
    [[ $output == *"is not meli 0.1.1: its --version says 'meli-qa 0.1.1 (qa, 1234567)'"* ]]
    binary=$(stand_in meli "")
    run "$work/scripts/package" --binary "$binary" --out "$out" production
    [ "$status" -eq 1 ]
    [[ $output == *"'$binary' is not meli 0.1.1: its --version says 'nothing'"* ]]
    [ ! -e "$out" ]
}
