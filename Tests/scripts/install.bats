#!/usr/bin/env bats
# scripts/install into temporary prefixes, with tarballs made by scripts/package from the debug
# builds (scripts/test builds them first), and hostile tarballs made here.

setup_file() {
    repo="$BATS_TEST_DIRNAME/../.."
    bin=$(cd "$repo" && swift build --show-bin-path)
    export PACKAGES="$BATS_FILE_TMPDIR/packages"
    mkdir -p "$PACKAGES"
    "$repo/scripts/package" --binary "$bin/meli" --out "$PACKAGES" production >/dev/null
    "$repo/scripts/package" --binary "$bin/meli-qa" --out "$PACKAGES" qa >/dev/null
    "$repo/scripts/package" --binary "$bin/meli-dev" --out "$PACKAGES" dev >/dev/null
}

setup() {
    install="$BATS_TEST_DIRNAME/../../scripts/install"
    prefix="$BATS_TEST_TMPDIR/prefix"
    export HOME="$BATS_TEST_TMPDIR/home"
    mkdir -p "$HOME"
    qa=$(ls "$PACKAGES"/meli-qa_*.tar.gz)
}

# A copy of a package under another version, with its own checksums.txt: $1 package, $2 version, $3 folder.
repack() {
    local src=$1 version=$2 dir=$3 top new
    top=$(basename "$src" .tar.gz)
    new=$(sed -E "s/^(meli(-qa|-dev)?)_[^_]+_/\1_${version}_/" <<<"$top")
    mkdir -p "$dir/work"
    tar xzf "$src" -C "$dir/work"
    mv "$dir/work/$top" "$dir/work/$new"
    tar czf "$dir/$new.tar.gz" -C "$dir/work" "$new"
    rm -rf "$dir/work"
    (cd "$dir" && sha256sum "$new.tar.gz" >>checksums.txt)
    echo "$dir/$new.tar.gz"
}

run_installed() {
    env -i HOME="$HOME" PATH=/usr/bin:/bin "$prefix/bin/$1" "${@:2}"
}

@test "all three install side by side, each with its own environment and directories" {
    for package in "$PACKAGES"/*.tar.gz; do
        run "$install" "$package" --prefix "$prefix"
        [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    done
    for pair in meli:production meli-qa:qa meli-dev:dev; do
        binary=${pair%%:*} name=${pair#*:}
        run run_installed "$binary" env --json
        [ "$status" -eq 0 ]
        [[ $output == *"\"name\": \"$name\""* ]]
        [[ $output == *"\"path\": \"$prefix/lib/$binary/"*"/share/$binary/"* ]]
        [[ $output == *"\"cache\": \"$HOME/.cache/$binary\""* ]]
    done
    run run_installed meli-dev search iphone -q
    [ "$status" -eq 0 ]
    [[ $output == MLA* ]]
    [ -L "$prefix/share/man/man1/meli-qa.1" ] && [ -f "$prefix/share/man/man1/meli-qa.1" ]
    [ -f "$prefix/share/bash-completion/completions/meli" ]
}

@test "an upgrade keeps the previous version, and --rollback returns to it" {
    "$install" "$qa" --prefix "$prefix"
    first=$(readlink "$prefix/lib/meli-qa/current")
    newer=$(repack "$qa" 9.9.9 "$BATS_TEST_TMPDIR/newer")
    run "$install" "$newer" --prefix "$prefix"
    [ "$status" -eq 0 ]
    [[ $output == *"previous: $first"* ]]
    [ "$(readlink "$prefix/lib/meli-qa/current")" = 9.9.9 ]
    [ "$(readlink "$prefix/lib/meli-qa/previous")" = "$first" ]
    run "$install" --rollback meli-qa --prefix "$prefix"
    [ "$status" -eq 0 ]
    [ "$(readlink "$prefix/lib/meli-qa/current")" = "$first" ]
    run run_installed meli-qa --version
    [ "$status" -eq 0 ]
}

@test "--uninstall removes one environment only" {
    for package in "$PACKAGES"/*.tar.gz; do "$install" "$package" --prefix "$prefix" >/dev/null; done
    run "$install" --uninstall meli-qa --prefix "$prefix"
    [ "$status" -eq 0 ]
    [ ! -e "$prefix/bin/meli-qa" ] && [ ! -e "$prefix/lib/meli-qa" ] && [ ! -e "$prefix/share/meli-qa" ]
    run run_installed meli --version
    [ "$status" -eq 0 ]
    run run_installed meli-dev --version
    [ "$status" -eq 0 ]
}

@test "a tampered tarball, or one without a checksum, installs nothing" {
    mkdir "$BATS_TEST_TMPDIR/t"
    cp "$qa" "$PACKAGES/checksums.txt" "$BATS_TEST_TMPDIR/t/"
    tampered="$BATS_TEST_TMPDIR/t/$(basename "$qa")"
    printf 'x' >>"$tampered"
    run "$install" "$tampered" --prefix "$prefix"
    [ "$status" -eq 1 ]
    [[ $output == *"does not match checksums.txt"* ]]
    [ ! -e "$prefix/lib/meli-qa" ]
    rm "$BATS_TEST_TMPDIR/t/checksums.txt"
    run "$install" "$tampered" --prefix "$prefix"
    [ "$status" -eq 1 ]
    [[ $output == *"no checksums.txt beside"* ]]
}

@test "tarballs climbing out of their folder are refused, checksum or not" {
    dir="$BATS_TEST_TMPDIR/evil"
    mkdir -p "$dir/src/meli-qa_6.6.6_linux_x86_64/bin"
    printf '#!/bin/sh\n' >"$dir/src/meli-qa_6.6.6_linux_x86_64/bin/meli-qa"
    chmod +x "$dir/src/meli-qa_6.6.6_linux_x86_64/bin/meli-qa"
    echo owned >"$dir/src/evil"
    (cd "$dir/src" && tar -P -czf ../meli-qa_6.6.6_linux_x86_64.tar.gz meli-qa_6.6.6_linux_x86_64 meli-qa_6.6.6_linux_x86_64/../evil)
    (cd "$dir" && sha256sum meli-qa_6.6.6_linux_x86_64.tar.gz >checksums.txt)
    run "$install" "$dir/meli-qa_6.6.6_linux_x86_64.tar.gz" --prefix "$prefix"
    [ "$status" -eq 1 ]
    [[ $output == *"climbs out with '..'"* ]]

    rm "$dir"/*.tar.gz "$dir/checksums.txt"
    ln -s /etc "$dir/src/meli-qa_6.6.6_linux_x86_64/share"
    (cd "$dir/src" && tar czf ../meli-qa_6.6.6_linux_x86_64.tar.gz meli-qa_6.6.6_linux_x86_64)
    (cd "$dir" && sha256sum meli-qa_6.6.6_linux_x86_64.tar.gz >checksums.txt)
    run "$install" "$dir/meli-qa_6.6.6_linux_x86_64.tar.gz" --prefix "$prefix"
    [ "$status" -eq 1 ]
    [[ $output == *"leads out of its folder"* ]]
    [ ! -e "$prefix/bin/meli-qa" ]
    [ -z "$(ls -A "$prefix/lib/meli-qa")" ] || { ls -la "$prefix/lib/meli-qa"; return 1; }
}

@test "an install killed halfway leaves the previous version working" {
    "$install" "$qa" --prefix "$prefix" >/dev/null
    first=$(readlink "$prefix/lib/meli-qa/current")
    newer=$(repack "$qa" 9.9.9 "$BATS_TEST_TMPDIR/newer")
    # A tar that unpacks, then kills the install that called it: the moment before the switch.
    mkdir "$BATS_TEST_TMPDIR/fakebin"
    cat >"$BATS_TEST_TMPDIR/fakebin/tar" <<'TAR'
#!/bin/sh
/bin/tar "$@"
case "$1" in x*) kill -9 "$PPID" ;; esac
TAR
    chmod +x "$BATS_TEST_TMPDIR/fakebin/tar"
    run env PATH="$BATS_TEST_TMPDIR/fakebin:$PATH" "$install" "$newer" --prefix "$prefix"
    [ "$status" -ne 0 ]
    [ "$(readlink "$prefix/lib/meli-qa/current")" = "$first" ]
    run run_installed meli-qa --version
    [ "$status" -eq 0 ]
    run "$install" "$newer" --prefix "$prefix"
    [ "$status" -eq 0 ]
    [ "$(readlink "$prefix/lib/meli-qa/current")" = 9.9.9 ]
    [ -z "$(find "$prefix/lib/meli-qa" -maxdepth 1 -name '.incoming.*')" ]
}
