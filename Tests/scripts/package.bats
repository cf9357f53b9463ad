#!/usr/bin/env bats
# scripts/package with the debug build of meli-qa (scripts/test builds it first): contents,
# reproducibility, checksums, and the unpacked binary finding its own environment.

setup() {
    repo="$BATS_TEST_DIRNAME/../.."
    package="$repo/scripts/package"
    binary="$(cd "$repo" && swift build --show-bin-path)/meli-qa"
    out=$(mktemp -d)
}

teardown() {
    rm -rf "$out"
}

@test "the tarball holds the binary, env files, completions, man page, README and LICENSE" {
    run "$package" --binary "$binary" --out "$out" qa
    [ "$status" -eq 0 ]
    tarball=${lines[-1]}
    [[ $tarball == "$out"/meli-qa_*_linux_*.tar.gz ]]
    top=$(basename "$tarball" .tar.gz)
    run tar tzf "$tarball"
    for entry in bin/meli-qa share/meli-qa/Base.env share/meli-qa/QA.env share/man/man1/meli-qa.1 \
        share/bash-completion/completions/meli-qa share/zsh/site-functions/_meli-qa \
        share/fish/vendor_completions.d/meli-qa.fish README.md LICENSE BUILDINFO; do
        [[ $output == *"$top/$entry"* ]] || { echo "missing $entry"; return 1; }
    done
    # One top folder, nothing else, nothing absolute ('! cmd' would not fail a bats test: count instead).
    [ "$(grep -cv "^$top/" <<<"$output")" -eq 0 ]
    run tar tzvf "$tarball"
    [ "$(grep -cv ' 0/0 ' <<<"$output")" -eq 0 ]
}

@test "packaging twice gives byte-identical tarballs, recorded in checksums.txt" {
    first=$("$package" --binary "$binary" --out "$out" qa | tail -n 1)
    sum1=$(sha256sum "$first" | cut -d' ' -f1)
    sleep 1
    touch "$binary"
    second=$("$package" --binary "$binary" --out "$out" qa | tail -n 1)
    [ "$first" = "$second" ]
    [ "$sum1" = "$(sha256sum "$second" | cut -d' ' -f1)" ]
    [ "$(cat "$out/checksums.txt")" = "$sum1  $(basename "$first")" ]
    (cd "$out" && sha256sum -c checksums.txt)
}

@test "the unpacked binary reads the env files packed beside it" {
    tarball=$("$package" --binary "$binary" --out "$out" qa | tail -n 1)
    mkdir "$out/x" "$out/home"
    tar xzf "$tarball" -C "$out/x"
    run env -i HOME="$out/home" "$out"/x/*/bin/meli-qa env --json
    [ "$status" -eq 0 ]
    [[ $output == *'"reason": "installed beside the binary"'* ]]
    [[ $output == *"/share/meli-qa/QA.env"* ]]
}

@test "bad arguments exit 2 before anything is built" {
    run "$package"
    [ "$status" -eq 2 ]
    run "$package" staging
    [ "$status" -eq 2 ]
    [[ $output == *"unknown environment 'staging'"* ]]
    run "$package" --binary /nonexistent qa --out "$out"
    [ "$status" -eq 1 ]
    [[ $output == *"'/nonexistent' is not an executable file"* ]]
}
