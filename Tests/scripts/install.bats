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
    [[ $output == *"does not match its published sha256"* ]]
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

@test "meli-qa update --check and update follow the QA channel that publish-qa writes" {
    channel="$BATS_TEST_TMPDIR/channel"
    QA_CHANNEL_DIR="$channel" run "$BATS_TEST_DIRNAME/../../scripts/publish-qa" --tarball "$qa"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    "$install" "$qa" --prefix "$prefix" >/dev/null
    feed="$channel/feed.json"
    run env -i HOME="$HOME" MELI_UPDATE_FEED_URL="$feed" "$prefix/bin/meli-qa" update --check
    [ "$status" -eq 0 ]
    # The packages hold the debug build, which calls itself 0.0.0-unstamped: every published build is newer.
    [[ $output == *"is available (this is 0.0.0-unstamped)"* ]]

    newer=$(repack "$qa" 9.9.9 "$BATS_TEST_TMPDIR/newer")
    QA_CHANNEL_DIR="$channel" "$BATS_TEST_DIRNAME/../../scripts/publish-qa" --tarball "$newer" >/dev/null
    grep -q '"version": "9.9.9"' "$feed"
    [ "$(grep -c '"version"' "$feed")" -eq 2 ]
    [ -f "$channel/$(basename "$newer").notes.md" ]
    (cd "$channel" && sha256sum -c checksums.txt >/dev/null)
    run env -i HOME="$HOME" MELI_UPDATE_FEED_URL="$feed" "$prefix/bin/meli-qa" update --check
    [ "$status" -eq 0 ]
    [[ $output == *"meli-qa 9.9.9 is available"* ]]
    [[ $output == *"Install it with 'meli-qa update'."* ]]
    [ "$(readlink "$prefix/lib/meli-qa/current")" != 9.9.9 ]

    run env -i HOME="$HOME" PATH=/usr/bin:/bin MELI_UPDATE_FEED_URL="$feed" "$prefix/bin/meli-qa" update
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(readlink "$prefix/lib/meli-qa/current")" = 9.9.9 ]
    [ -L "$prefix/lib/meli-qa/previous" ]
    [ -z "$(ls -A "$HOME/.cache/meli-qa/update")" ]   # the download is not left behind
}

@test "a feed entry whose sha256 does not match installs nothing, and no feed is explained" {
    channel="$BATS_TEST_TMPDIR/channel"
    "$install" "$qa" --prefix "$prefix" >/dev/null
    newer=$(repack "$qa" 9.9.9 "$BATS_TEST_TMPDIR/newer")
    QA_CHANNEL_DIR="$channel" "$BATS_TEST_DIRNAME/../../scripts/publish-qa" --tarball "$newer" >/dev/null
    sed -i -E 's/"sha256": "[0-9a-f]{4}/"sha256": "0000/' "$channel/feed.json"
    run env -i HOME="$HOME" PATH=/usr/bin:/bin MELI_UPDATE_FEED_URL="$channel/feed.json" "$prefix/bin/meli-qa" update
    [ "$status" -eq 1 ]
    [[ $output == *"does not match the feed's sha256; nothing was installed"* ]]
    [ "$(readlink "$prefix/lib/meli-qa/current")" != 9.9.9 ]
    "$install" "$PACKAGES"/meli_*.tar.gz --prefix "$prefix" >/dev/null
    run env -i HOME="$HOME" "$prefix/bin/meli" update --check
    [ "$status" -eq 3 ]
    [[ $output == *"no update feed is configured for meli"* ]]
}

@test "installing from a feed picks the newest build and checks the feed's sha256" {
    channel="$BATS_TEST_TMPDIR/channel"
    QA_CHANNEL_DIR="$channel" "$BATS_TEST_DIRNAME/../../scripts/publish-qa" --tarball "$qa" >/dev/null
    newer=$(repack "$qa" 9.9.9 "$BATS_TEST_TMPDIR/newer")
    QA_CHANNEL_DIR="$channel" "$BATS_TEST_DIRNAME/../../scripts/publish-qa" --tarball "$newer" >/dev/null
    run "$install" "$channel/feed.json" --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(readlink "$prefix/lib/meli-qa/current")" = 9.9.9 ]
    sed -i -E 's/"sha256": "[0-9a-f]{4}/"sha256": "0000/' "$channel/feed.json"
    run "$install" "$channel/feed.json" --prefix "$BATS_TEST_TMPDIR/other"
    [ "$status" -eq 1 ]
    [[ $output == *"does not match its published sha256"* ]]
}
