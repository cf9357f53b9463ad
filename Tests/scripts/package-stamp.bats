#!/usr/bin/env bats
# scripts/package --binary packages only the build of the version it packages (issue 24: a
# leftover 0.1.0 binary became meli_0.1.1_... and installed as 0.1.1 saying 0.1.0). Stand-in
# binaries print what a build's --version prints; the refusals come before anything is built or
# written. Self install makes the same check (BuildStamp.swift; BuildStampTests.swift), here through
# the built meli-qa.

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

@test "self install refuses a package whose binary is stamped with another version than its name says" {
    bin_path="$(cd "$repo" && swift build --show-bin-path)"
    top="meli-qa_0.1.1_$(uname -s | tr '[:upper:]' '[:lower:]')_$(uname -m)"
    mkdir -p "$BATS_TEST_TMPDIR/dl/$top/bin" "$BATS_TEST_TMPDIR/dl/$top/share/meli-qa"
    cp "$repo/Config/Base.env" "$repo/Config/QA.env" "$BATS_TEST_TMPDIR/dl/$top/share/meli-qa/"
    # A leftover 0.1.0 build, as a stand-in: stamped as a build is (the marker, 0x1F, the version, NUL).
    printf '#!/bin/sh\necho "meli-qa 0.1.0 (qa, 1234567)"\nexit 0\n#MELI_BUILD_VERSION\0370.1.0\0' >"$BATS_TEST_TMPDIR/dl/$top/bin/meli-qa"
    chmod 0755 "$BATS_TEST_TMPDIR/dl/$top/bin/meli-qa"
    cd "$BATS_TEST_TMPDIR/dl"
    tar cf - "$top" | gzip -n >"$top.tar.gz"
    { sha256sum "$top.tar.gz" 2>/dev/null || shasum -a 256 "$top.tar.gz"; } >checksums.txt
    run env -i HOME="$BATS_TEST_TMPDIR/home" PATH=/usr/bin:/bin "$bin_path/meli-qa" self install "$BATS_TEST_TMPDIR/dl/$top.tar.gz" --prefix "$BATS_TEST_TMPDIR/prefix"
    [ "$status" -ne 0 ]
    [[ $output == *"$top is refused: its binary reports version 0.1.0 (--version), but its name says 0.1.1"*"nothing was installed"* ]]
    [[ $output == *"Package 0.1.1 again from its own build"* ]]
    [ ! -e "$BATS_TEST_TMPDIR/prefix/lib/meli-qa/0.1.1" ]
    [ ! -e "$BATS_TEST_TMPDIR/prefix/bin/meli-qa" ]
}
