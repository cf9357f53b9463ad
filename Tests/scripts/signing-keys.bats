#!/usr/bin/env bats
# Config/signing-keys is read by Package.swift and compiled into the binaries. A key no signature
# can be trusted with passed: the identity point (AQAA...AAA=), with which the signature
# R = identity, S = 0 verified every package (attack report). Such a key (a point of small order in
# any encoding, or a non-canonical one) now stops the manifest, naming its line, as a malformed
# line does; a real key is compiled in.

load signing_keys

setup() {
    repo="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"
    export HOME="$BATS_TEST_TMPDIR/home"
    mkdir -p "$HOME"
    copy="$BATS_TEST_TMPDIR/copy"
    mkdir -p "$copy"
    # What the manifest reads; not .build.
    cp -R "$repo/Package.swift" "$repo/Config" "$repo/Sources" "$repo/Tests" "$copy/"
}

# manifest KEY: the manifest's evaluation with 'qa KEY' added to Config/signing-keys; $line is its line.
manifest() {
    cp "$repo/Config/signing-keys" "$copy/Config/signing-keys"
    echo "qa $1" >>"$copy/Config/signing-keys"
    line=$(wc -l <"$copy/Config/signing-keys" | tr -d ' ')
    # No manifest cache: the file is read by Package.swift, which the cache does not watch.
    run bash -c 'cd "$1" && swift package --manifest-cache none dump-package 2>&1' _ "$copy"
}

@test "a key of small order, in any encoding, stops the manifest naming its line" {
    # The identity, 0 (order 4) with x odd, an order-8 point with x odd, p + 1 (the identity again).
    for key in AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAIA= \
        JuiVj8KyJ7BFw/SJ8u+Y8NXfrAXTxjM5sTgCiG1T/IU= 7v///////////////////////////////////////38=; do
        manifest "$key"
        [ "$status" -ne 0 ] || { echo "$key passed"; return 1; }
        [[ $output == *"Config/signing-keys:$line: the key '$key' is a point of small order"* ]] || { echo "$output"; return 1; }
    done
}

@test "a key that is not a canonical encoding stops the manifest" {
    manifest 7////////////////////////////////////////38=
    [ "$status" -ne 0 ]
    [[ $output == *"Config/signing-keys:$line: the key '7////////////////////////////////////////38=' is not a canonical encoding"* ]] || { echo "$output"; return 1; }
}

@test "a real key is compiled in" {
    key=$(new_key real)
    manifest "$key"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"qa $key"* ]] || { echo "$output"; return 1; }
}
