#!/usr/bin/env bats
# scripts/collect, as the publish jobs run it on the artifacts of each platform's job: real
# folders of files with the checksums.txt scripts/package writes (sha256 lines from lib.sh).

setup() {
    repo="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"
    collect="$repo/scripts/collect"
    cd "$BATS_TEST_TMPDIR"
}

# platform DIR NAME...: DIR with a small file for each NAME and a checksums.txt listing them.
platform() {
    local dir=$1 name
    shift
    mkdir -p "$dir"
    for name in "$@"; do echo "$dir $name" >"$dir/$name"; done
    : >"$dir/checksums.txt"
    [ $# -eq 0 ] || (cd "$dir" && . "$repo/scripts/lib.sh" && sha256_lines "$@") >"$dir/checksums.txt"
}

@test "every platform's packages, checked, in one folder with one checksums.txt listing them all" {
    platform a/qa-linux_x86_64 meli-qa_1.0.0-rc.1_linux_x86_64.tar.gz
    platform a/qa-linux_aarch64 meli-qa_1.0.0-rc.1_linux_aarch64.tar.gz meli-qa_1.0.0~rc.1_arm64.deb
    platform a/qa-darwin_arm64 meli-qa_1.0.0-rc.1_darwin_arm64.tar.gz
    run "$collect" a/qa-linux_x86_64 a/qa-linux_aarch64 a/qa-darwin_arm64 --out dist
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "${lines[${#lines[@]} - 1]}" = dist/checksums.txt ]
    # Sorted by name; each line what sha256sum (or shasum) says of the copied file.
    [ "$(cut -c67- dist/checksums.txt)" = "$(printf '%s\n' meli-qa_1.0.0-rc.1_darwin_arm64.tar.gz \
        meli-qa_1.0.0-rc.1_linux_aarch64.tar.gz meli-qa_1.0.0-rc.1_linux_x86_64.tar.gz meli-qa_1.0.0~rc.1_arm64.deb)" ] ||
        { cat dist/checksums.txt; return 1; }
    (cd dist && . "$repo/scripts/lib.sh" && sha256_lines meli-qa_1.0.0-rc.1_darwin_arm64.tar.gz \
        meli-qa_1.0.0-rc.1_linux_aarch64.tar.gz meli-qa_1.0.0-rc.1_linux_x86_64.tar.gz meli-qa_1.0.0~rc.1_arm64.deb) >expected
    diff expected dist/checksums.txt
    [ "$(cat dist/meli-qa_1.0.0-rc.1_darwin_arm64.tar.gz)" = "a/qa-darwin_arm64 meli-qa_1.0.0-rc.1_darwin_arm64.tar.gz" ]
    # 0644 whatever the umask: others serve them. No temporary file is left.
    [ "$(ls -l dist/checksums.txt | cut -c1-10)" = "-rw-r--r--" ]
    [ "$(ls -A dist | grep -c '^\.')" -eq 0 ]
}

@test "a package that differs from its checksums.txt stops everything, naming it; nothing is copied" {
    platform x86 meli_1.0.0_linux_x86_64.tar.gz
    platform arm meli_1.0.0_linux_aarch64.tar.gz
    echo tampered >>arm/meli_1.0.0_linux_aarch64.tar.gz
    run "$collect" x86 arm --out dist
    [ "$status" -eq 1 ]
    [[ $output == *"scripts/collect: arm/meli_1.0.0_linux_aarch64.tar.gz does not match its line in arm/checksums.txt"* ]] || { echo "$output"; return 1; }
    [[ $output == *"run its platform's job again"* ]]
    [ ! -e dist ] || [ -z "$(ls -A dist)" ]
}

@test "a missing checksums.txt, a listed file missing, and an unlisted package are refused" {
    platform ok meli_1.0.0_linux_x86_64.tar.gz
    mkdir nosums && echo x >nosums/meli_1.0.0_darwin_arm64.tar.gz
    run "$collect" ok nosums
    [ "$status" -eq 1 ]
    [[ $output == *"nosums/checksums.txt is missing"* ]] || { echo "$output"; return 1; }

    platform gone meli_1.0.0_darwin_arm64.tar.gz
    rm gone/meli_1.0.0_darwin_arm64.tar.gz
    run "$collect" ok gone
    [ "$status" -eq 1 ]
    [[ $output == *"gone/checksums.txt:1 lists meli_1.0.0_darwin_arm64.tar.gz, which is not in gone"* ]] || { echo "$output"; return 1; }

    platform extra meli_1.0.0_darwin_arm64.tar.gz
    echo x >extra/meli_1.0.0_linux_riscv64.tar.gz
    run "$collect" ok extra
    [ "$status" -eq 1 ]
    [[ $output == *"extra/meli_1.0.0_linux_riscv64.tar.gz is not listed in extra/checksums.txt"* ]] || { echo "$output"; return 1; }

    platform empty
    run "$collect" empty
    [ "$status" -eq 1 ]
    [[ $output == *"empty/checksums.txt lists nothing"* ]] || { echo "$output"; return 1; }
    [ ! -e dist ]
}

@test "a checksums.txt line that is not a package's sum is refused with its line number" {
    platform bad meli_1.0.0_linux_x86_64.tar.gz
    echo "not a sum  ../../etc/passwd" >>bad/checksums.txt
    run "$collect" bad
    [ "$status" -eq 1 ]
    [[ $output == *"bad/checksums.txt:2: not a 'SHA256  NAME' line of a package"* ]] || { echo "$output"; return 1; }
}

@test "two platforms bringing different files of one name are refused; the same file twice is one" {
    platform one meli_1.0.0_linux_x86_64.tar.gz
    platform two meli_1.0.0_linux_x86_64.tar.gz
    run "$collect" one two
    [ "$status" -eq 1 ]
    [[ $output == *"one/meli_1.0.0_linux_x86_64.tar.gz and two/meli_1.0.0_linux_x86_64.tar.gz differ"* ]] || { echo "$output"; return 1; }
    cp -R one same
    run "$collect" one same --out dist
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(wc -l <dist/checksums.txt | tr -d ' ')" -eq 1 ]
}

@test "an output folder already holding a package is refused: it would be listed unchecked" {
    platform one meli_1.0.0_linux_x86_64.tar.gz
    mkdir dist && echo old >dist/meli_0.9.0_linux_x86_64.tar.gz
    run "$collect" one --out dist
    [ "$status" -eq 1 ]
    [[ $output == *"dist already holds dist/meli_0.9.0_linux_x86_64.tar.gz"* ]] || { echo "$output"; return 1; }
    [ ! -e dist/checksums.txt ]
}

@test "bad arguments exit 2" {
    run "$collect"
    [ "$status" -eq 2 ]
    [[ $output == *"which folders?"* ]]
    run "$collect" --out
    [ "$status" -eq 2 ]
    run "$collect" --frobnicate x
    [ "$status" -eq 2 ]
    [[ $output == *"unknown option '--frobnicate'"* ]]
}
