#!/usr/bin/env bats
# scripts/package with the debug builds of meli-qa and meli (scripts/test builds them first;
# stripped copies, debug_build.bash):
# contents, modes, reproducibility, checksums, the unpacked binary finding its own environment,
# and production packages made only from a release tag. Those run in a throwaway repository
# holding the scripts and files packaging reads, with no tag until the test makes one.

load git_env
load debug_build

setup() {
    repo="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"
    package="$repo/scripts/package"
    bin_path=$(packaged_bin_path "$repo")
    binary="$bin_path/meli-qa"
    git_env
    out="$BATS_TEST_TMPDIR/out"
}

# A repository of its own at $work holding what scripts/package reads, on develop, no tag.
throwaway_repo() {
    work="$BATS_TEST_TMPDIR/work"
    mkdir -p "$work/Config"
    cp -R "$repo/scripts" "$work/"
    cp "$repo"/Config/*.env "$repo/Config/environments" "$work/Config/"
    cp "$repo/README.md" "$repo/LICENSE" "$work/"
    echo 0.1.0 >"$work/VERSION"
    git init -q -b main "$work"
    git -C "$work" add -A
    git -C "$work" commit -q -m "Initial commit"
    git -C "$work" checkout -q -b develop
}

@test "the tarball holds the binary, env files, completions, man page, README and LICENSE, and no installer script" {
    run "$package" --binary "$binary" --out "$out" qa
    [ "$status" -eq 0 ]
    tarball=${lines[-1]}
    [[ $tarball == "$out"/meli-qa_*_$(uname -s | tr "[:upper:]" "[:lower:]")_*.tar.gz ]]
    top=$(basename "$tarball" .tar.gz)
    run tar tzf "$tarball"
    for entry in bin/meli-qa share/meli-qa/Base.env share/meli-qa/QA.env share/man/man1/meli-qa.1 \
        share/bash-completion/completions/meli-qa share/zsh/site-functions/_meli-qa \
        share/fish/vendor_completions.d/meli-qa.fish README.md LICENSE BUILDINFO; do
        [[ $output == *"$top/$entry"* ]] || { echo "missing $entry"; return 1; }
    done
    # The binary installs itself ('meli-qa self install'): no libexec/ copy of scripts/install.
    [ "$(grep -c 'libexec' <<<"$output")" -eq 0 ]
    # One top folder, nothing else, nothing absolute ('! cmd' would not fail a bats test: count instead).
    [ "$(grep -cv "^$top/" <<<"$output")" -eq 0 ]
    run tar tzvf "$tarball"
    [ "$(grep -cv ' 0/0 ' <<<"$output")" -eq 0 ]
    # Every name fits in a tar header's 100 bytes: no GNU long-name entry.
    [ "$(tar tzf "$tarball" | LC_ALL=C awk 'length($0) > 100' | wc -l)" -eq 0 ]
}

@test "a version that would make an entry name longer than 100 bytes is refused before anything is built" {
    throwaway_repo
    # 10000000000000000000.0.0-dev.1+SHA: the fish completion's name is 104 bytes.
    echo 10000000000000000000.0.0 >"$work/VERSION"
    git -C "$work" commit -q -am "A long version"
    cd "$work"
    run "$work/scripts/package" --out "$out" qa
    [ "$status" -eq 1 ]
    [[ $output == *"an entry name of 104 bytes, over the 100 a tar header holds: 'meli-qa_10000000000000000000.0.0-dev.2+"*"/share/fish/vendor_completions.d/meli-qa.fish'"* ]]
    [[ $output == *"Its version, 10000000000000000000.0.0-dev.2+"*"is the part that makes it long"* ]]
    [ ! -e "$out" ]   # nothing written, and no build: no --binary was given
    # Four digits less, the name is 100 bytes: it fits, and is packaged.
    echo 1000000000000000.0.0 >"$work/VERSION"
    git -C "$work" commit -q -am "A shorter version"
    run "$work/scripts/package" --binary "$binary" --out "$out" qa
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(tar tzf "${lines[-1]}" | LC_ALL=C awk 'length($0) > 100' | wc -l)" -eq 0 ]
    [ "$(tar tzf "${lines[-1]}" | LC_ALL=C awk 'length($0) == 100' | wc -l)" -eq 1 ]
}

@test "tarballs and checksums.txt are 0644 and a folder it creates 0755, whatever the umask" {
    umask 077
    run "$package" --binary "$binary" --out "$out/channel" qa
    [ "$status" -eq 0 ]
    tarball=${lines[-1]}
    [ "$(ls -ld "$out/channel" | cut -c1-10)" = drwxr-xr-x ]
    [ "$(ls -l "$tarball" | cut -c1-10)" = -rw-r--r-- ]
    [ "$(ls -l "$out/channel/checksums.txt" | cut -c1-10)" = -rw-r--r-- ]
    # Inside: folders 0755, files 0644, the binary 0755.
    run tar tzvf "$tarball"
    [ "$(grep -c '^d' <<<"$output")" -eq "$(grep -c '^drwxr-xr-x ' <<<"$output")" ]
    [ "$(grep -c '^-' <<<"$output")" -eq "$(grep -cE '^-rw-r--r-- |^-rwxr-xr-x .*/bin/meli-qa$' <<<"$output")" ]
    # Nothing left behind but the two.
    [ "$(ls -A "$out/channel" | wc -l)" -eq 2 ]
}

@test "packaging twice gives byte-identical tarballs, recorded in checksums.txt" {
    first=$("$package" --binary "$binary" --out "$out" qa | tail -n 1)
    sum1=$(cksum <"$first")
    sleep 1
    cp "$binary" "$BATS_TEST_TMPDIR/meli-qa"   # a newer file, the same bytes
    second=$("$package" --binary "$BATS_TEST_TMPDIR/meli-qa" --out "$out" qa | tail -n 1)
    [ "$first" = "$second" ]
    [ "$sum1" = "$(cksum <"$second")" ]
    [ "$(wc -l <"$out/checksums.txt")" -eq 1 ]
    [[ $(cat "$out/checksums.txt") == *"  $(basename "$first")" ]]
    (cd "$out" && { sha256sum -c checksums.txt 2>/dev/null || shasum -a 256 -c checksums.txt; })
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

@test "production on the commit the release tag points at is X.Y.Z, from main, with no --ref" {
    throwaway_repo
    git -C "$work" checkout -q main
    git -C "$work" tag -a v0.1.0 -m "release 0.1.0"
    cd "$work"
    run "$work/scripts/package" --binary "$bin_path/meli" --out "$out" production
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "${lines[-1]}" = "$out/meli_0.1.0_$(uname -s | tr '[:upper:]' '[:lower:]')_$(uname -m).tar.gz" ]
    [ "$(tar xzOf "${lines[-1]}" "meli_0.1.0_$(uname -s | tr '[:upper:]' '[:lower:]')_$(uname -m)/BUILDINFO" | head -n 1)" = version=0.1.0 ]
}

@test "production of an unreleased commit is refused, unless --allow-unreleased asks for it" {
    throwaway_repo
    cd "$work"
    run "$work/scripts/package" --binary "$bin_path/meli" --out "$out" production
    [ "$status" -eq 1 ]
    [[ $output == *"production packages releases only, and this commit builds 0.1.0-dev.1+"* ]]
    [[ $output == *"--allow-unreleased"* ]]
    [ ! -e "$out" ]   # refused before anything was written
    # A release branch's rc is refused too.
    git checkout -q -b release/0.1.0
    run "$work/scripts/package" --binary "$bin_path/meli" --out "$out" production
    [ "$status" -eq 1 ]
    [[ $output == *"builds 0.1.0-rc.1"* ]]
    git checkout -q develop
    run "$work/scripts/package" --allow-unreleased --binary "$bin_path/meli" --out "$out" production
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ ${lines[-1]} == "$out"/meli_0.1.0-dev.1+*.tar.gz ]]
    # dev and qa are never refused.
    run "$work/scripts/package" --binary "$binary" --out "$out" qa
    [ "$status" -eq 0 ]
}

@test "bad arguments exit 2 before anything is built" {
    run "$package"
    [ "$status" -eq 2 ]
    run "$package" nope
    [ "$status" -eq 2 ]
    [[ $output == *"unknown environment 'nope'"* ]]
    run "$package" --binary /nonexistent qa --out "$out"
    [ "$status" -eq 1 ]
    [[ $output == *"'/nonexistent' is not an executable file"* ]]
    [[ $output == *"Build it first: 'swift build --product meli-qa' for a debug build, 'scripts/build qa' for a release one"* ]]
}
