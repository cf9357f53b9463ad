#!/usr/bin/env bats
# scripts/package --format deb with the debug builds of meli-dev, meli-qa and meli (scripts/test
# builds them first), built by the real dpkg-deb and read back with dpkg-deb: what each package
# installs and where, no file shared between the three, Debian's version order, Depends as the
# README names it, reproducibility, checksums.txt, and the unpacked binary finding its env files
# from /usr/bin and knowing that dpkg keeps it. Installing them with dpkg in a minimal Debian
# root is scripts/check-runtime --deb (see check-runtime.bats). Linux only.

load debug_build

setup() {
    repo="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"
    package="$repo/scripts/package"
    bin_path=$(packaged_bin_path "$repo")
    out="$BATS_TEST_TMPDIR/out"
    [ "$(uname -s)" = Linux ] || skip "a .deb is made on Linux"
    arch=$(. "$repo/scripts/lib.sh" && . "$repo/scripts/deb.sh" && deb_arch)
    version=$(cd "$repo" && scripts/version)
}

# Copies into $out a folder holding meli-qa's .deb of this checkout and its checksums.txt, made once
# for the file (dpkg-deb's xz takes seconds), and prints the .deb's path in $out.
qa_deb() {
    local made="$BATS_FILE_TMPDIR/qa-deb"
    if [ ! -d "$made" ]; then
        "$package" --format deb --binary "$bin_path/meli-qa" --out "$made.partial" qa >"$BATS_FILE_TMPDIR/qa-deb.out" || return 1
        mv "$made.partial" "$made"
    fi
    mkdir -p "$out"
    cp -p "$made"/* "$out/"
    echo "$out/$(basename "$(tail -n 1 "$BATS_FILE_TMPDIR/qa-deb.out")")"
}

# The files (not folders) a .deb installs, one absolute path a line, sorted.
deb_files() {
    dpkg-deb -c "$1" | awk '$1 !~ /^d/ { sub(/^\./, "", $6); print $6 }' | LC_ALL=C sort
}

@test "the .deb installs the binary, env files, marker, man page, completions and copyright in the standard places" {
    deb=$(qa_deb)
    debversion=${version/-/\~}
    [ "$deb" = "$out/meli-qa_${debversion}_$arch.deb" ]
    [ "$(deb_files "$deb")" = "/usr/bin/meli-qa
/usr/share/bash-completion/completions/meli-qa
/usr/share/doc/meli-qa/copyright
/usr/share/fish/vendor_completions.d/meli-qa.fish
/usr/share/man/man1/meli-qa.1.gz
/usr/share/meli-qa/Base.env
/usr/share/meli-qa/QA.env
/usr/share/meli-qa/installed-by
/usr/share/zsh/vendor-completions/_meli-qa" ]
    [ "$(dpkg-deb -f "$deb" Package)" = meli-qa ]
    [ "$(dpkg-deb -f "$deb" Version)" = "$debversion" ]
    [ "$(dpkg-deb -f "$deb" Architecture)" = "$arch" ]
    # Owner root, folders 0755, files 0644, the binary 0755, whatever the umask was.
    run dpkg-deb -c "$deb"
    [ "$(grep -cv ' root/root ' <<<"$output")" -eq 0 ]
    [ "$(grep -c '^d' <<<"$output")" -eq "$(grep -c '^drwxr-xr-x ' <<<"$output")" ]
    [ "$(grep -c '^-' <<<"$output")" -eq "$(grep -cE '^-rw-r--r-- |^-rwxr-xr-x .* \./usr/bin/meli-qa$' <<<"$output")" ]
    # The marker, the man page (gzip), the copyright with the license.
    dpkg-deb -x "$deb" "$BATS_TEST_TMPDIR/root"
    [ "$(cat "$BATS_TEST_TMPDIR/root/usr/share/meli-qa/installed-by")" = "dpkg meli-qa" ]
    gzip -dc "$BATS_TEST_TMPDIR/root/usr/share/man/man1/meli-qa.1.gz" | grep -q '^\.TH'
    grep -q '^License: MIT$' "$BATS_TEST_TMPDIR/root/usr/share/doc/meli-qa/copyright"
    grep -q 'Permission is hereby granted' "$BATS_TEST_TMPDIR/root/usr/share/doc/meli-qa/copyright"
    # dpkg can check what it installed against the package's md5sums.
    dpkg-deb -e "$deb" "$BATS_TEST_TMPDIR/control"
    (cd "$BATS_TEST_TMPDIR/root" && sed 's|  |  ./|' "$BATS_TEST_TMPDIR/control/md5sums" | md5sum -c --quiet)
    # checksums.txt lists it.
    [ "$(cat "$out/checksums.txt")" = "$(sha256sum "$deb" | sed "s|  .*/|  |")" ]
}

@test "meli, meli-qa and meli-dev packages share no file, so they install side by side" {
    qa=$(qa_deb)
    for env in dev qa production; do
        binary=$(. "$repo/scripts/lib.sh" && env_field "$env" binary)
        if [ "$env" = qa ]; then
            deb=$qa
        else
            run "$package" --format deb --allow-unreleased --binary "$bin_path/$binary" --out "$out" "$env"
            [ "$status" -eq 0 ] || { echo "$output"; return 1; }
            deb=${lines[-1]}
        fi
        deb_files "$deb" >"$BATS_TEST_TMPDIR/$env.files"
        [ "$(dpkg-deb -f "$deb" Package)" = "$binary" ]
    done
    [ "$(cat "$BATS_TEST_TMPDIR"/{dev,qa,production}.files | LC_ALL=C sort | uniq -d)" = "" ]
    grep -qx /usr/bin/meli "$BATS_TEST_TMPDIR/production.files"
    grep -qx /usr/share/meli/Prod.env "$BATS_TEST_TMPDIR/production.files"
    grep -qx /usr/share/meli-dev/Dev.env "$BATS_TEST_TMPDIR/dev.files"
    # One checksums.txt line per package, tarballs and .debs alike, sorted by name.
    "$package" --binary "$bin_path/meli-qa" --out "$out" qa >/dev/null
    [ "$(wc -l <"$out/checksums.txt")" -eq 4 ]
    [ "$(cut -d' ' -f3 "$out/checksums.txt")" = "$(cd "$out" && ls -1 ./*.deb ./*.tar.gz | sed 's|^\./||' | LC_ALL=C sort)" ]
    (cd "$out" && sha256sum -c --quiet checksums.txt)
}

@test "Debian versions sort as the semantic versions do: dev before rc before the release" {
    deb_version() { (. "$repo/scripts/lib.sh" && . "$repo/scripts/deb.sh" && deb_version "$1"); }
    [ "$(deb_version 0.2.0)" = 0.2.0 ]
    [ "$(deb_version 0.2.0-rc.3)" = "0.2.0~rc.3" ]
    [ "$(deb_version 0.2.0-dev.4+abc1234)" = "0.2.0~dev.4+abc1234" ]
    [ "$(deb_version 0.2.0-dev.4+abc1234.dirty)" = "0.2.0~dev.4+abc1234.dirty" ]
    ordered=(0.1.9 0.2.0-dev.4+bbb 0.2.0-dev.10+aaa 0.2.0-rc.2 0.2.0-rc.10 0.2.0 0.2.1-dev.1+ccc 1.0.0)
    for i in $(seq 1 $((${#ordered[@]} - 1))); do
        older=$(deb_version "${ordered[i - 1]}") newer=$(deb_version "${ordered[i]}")
        dpkg --compare-versions "$older" lt "$newer" || { echo "$older should sort before $newer"; return 1; }
    done
    # A '-' Debian would read as a revision, and what is no version, are refused.
    run deb_version 0.2.0-rc-1
    [ "$status" -eq 1 ]
    run deb_version "0.2.0 rc"
    [ "$status" -eq 1 ]
}

@test "Depends names exactly what README.md's 'What a user's machine needs' names, and check-runtime installs" {
    section=$(awk '/^\*\*What a user.s machine needs\*\*/ { on = 1 } on && /^\*\*/ && !/machine needs/ { exit } on' "$repo/README.md")
    named=$( { grep -o '`lib[a-z0-9-]*`' <<<"$section" | tr -d '`'; sed -n 's/^sudo apt-get install //p' <<<"$section" | tr ' ' '\n'; } | LC_ALL=C sort -u)
    depends=$(. "$repo/scripts/lib.sh" && . "$repo/scripts/deb.sh" && echo "$deb_depends")
    listed=$(tr ',' '\n' <<<"$depends" | sed 's/(.*)//; s/ //g' | LC_ALL=C sort)
    [ "$listed" = "$named" ] || { echo "README names '$named', Depends '$listed'"; return 1; }
    # The C library's version is the README's.
    [[ $depends == *"libc6 (>= 2.36)"* ]]
    [[ $section == *"GNU C"*"library 2.36 or later"* ]]
    # check-runtime's minimal root holds every one of them.
    runtime=$("$repo/scripts/check-runtime" --packages)
    for name in $(sed -n 's/^sudo apt-get install //p' <<<"$section"); do grep -qx "$name" <<<"$runtime"; done
}

@test "a binary that takes a newer C library than Depends says is refused, and nothing is written" {
    run bash -c '. "$1/scripts/lib.sh" && . "$1/scripts/deb.sh" && deb_depends="libc6 (>= 2.17), libgcc-s1" &&
        mkdir -p "$2/top/bin" "$2/stage" "$2/out" && cp "$3" "$2/top/bin/meli-qa" &&
        deb_build "$2/stage" "$2/top" meli-qa 0.1.0 0 "$2/out"' _ "$repo" "$BATS_TEST_TMPDIR" "$bin_path/meli-qa"
    [ "$status" -eq 1 ]
    [[ $output == *"meli-qa takes symbols of the GNU C library 2."*", and the package would say it needs 2.17"* ]]
    [[ $output == *"Raise the version in scripts/deb.sh's deb_depends and README.md's"* ]]
    [ -z "$(ls -A "$BATS_TEST_TMPDIR/out")" ]
}

@test "packaging the .deb twice gives the same bytes" {
    first=$(qa_deb)
    sleep 1
    cp "$bin_path/meli-qa" "$BATS_TEST_TMPDIR/meli-qa"   # a newer file, the same bytes
    umask 077
    second=$("$package" --format deb --binary "$BATS_TEST_TMPDIR/meli-qa" --out "$out/2" qa | tail -n 1)
    [ "$(basename "$first")" = "$(basename "$second")" ]
    cmp "$first" "$second"
}

@test "the binary at /usr/bin reads its env files from /usr/share/<binary>, and update says to use apt, writing nothing" {
    deb=$(qa_deb)
    root="$BATS_TEST_TMPDIR/root"
    dpkg-deb -x "$deb" "$root"
    mkdir "$BATS_TEST_TMPDIR/home"
    touch "$BATS_TEST_TMPDIR/before"
    run env -i HOME="$BATS_TEST_TMPDIR/home" "$root/usr/bin/meli-qa" env --json
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *'"reason": "installed beside the binary"'* ]]
    [[ $output == *"$root/usr/share/meli-qa/QA.env"* ]]
    run env -i HOME="$BATS_TEST_TMPDIR/home" MELI_QA_UPDATE_FEED_URL="$BATS_TEST_TMPDIR/feed.json" "$root/usr/bin/meli-qa" update
    [ "$status" -eq 6 ]
    [[ $output == *"meli-qa was installed with apt (dpkg)"* ]]
    [[ $output == *"sudo apt install ./meli-qa_VERSION_ARCH.deb"* ]]
    # Nothing written: no state, cache or config folder in HOME, nothing new beside the binary.
    [ -z "$(ls -A "$BATS_TEST_TMPDIR/home")" ]
    [ "$(find "$root" -newer "$BATS_TEST_TMPDIR/before" | wc -l)" -eq 0 ]
}

@test "a bad format exits 2 before anything is built" {
    run "$package" --format rpm qa
    [ "$status" -eq 2 ]
    [[ $output == *"unknown format 'rpm'; use tar.gz or deb"* ]]
    run "$package" --format
    [ "$status" -eq 2 ]
    [ ! -e "$out" ]
}
