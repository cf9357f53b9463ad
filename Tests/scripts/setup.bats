#!/usr/bin/env bats
# scripts/setup's floor for the Swift toolchain: the README promises 6.3 or later, CI builds with
# 6.3.1 on Linux and with the Xcode of its macOS runner, and an older Swift is refused up front,
# naming what to do, rather than failing somewhere in the build. A stand-in swift on PATH says
# which version it is; --check installs nothing.

setup() {
    repo="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"
    stubs="$BATS_TEST_TMPDIR/stubs"
    mkdir -p "$stubs"
}

# swift_says TEXT: the stand-in swift prints TEXT for --version.
swift_says() {
    printf '#!/bin/sh\nprintf "%%s\\n" "%s"\n' "$1" >"$stubs/swift"
    chmod +x "$stubs/swift"
}

@test "a Swift older than 6.3 (Xcode 16.4's 6.1.2) is refused, naming it and how to get a newer one" {
    swift_says "Apple Swift version 6.1.2 (swiftlang-6.1.2.1.2 clang-1700.0.13.5)"
    run env PATH="$stubs:$PATH" "$repo/scripts/setup" --check
    [ "$status" -eq 1 ]
    [[ $output == *"scripts/setup: $stubs/swift is Swift 6.1; meli is built and tested with 6.3 or later"* ]] || { echo "$output"; return 1; }
    [[ $output == *"sudo xcode-select -s"* ]]
    swift_says "Swift version 5.10.1 (swift-5.10.1-RELEASE)"
    run env PATH="$stubs:$PATH" "$repo/scripts/setup" --check
    [ "$status" -eq 1 ]
    [[ $output == *"is Swift 5.10; meli is built and tested with 6.3 or later"* ]] || { echo "$output"; return 1; }
}

@test "Swift 6.3, 6.10 and 7.0 pass the floor (numbers compared as numbers)" {
    for version in "Swift version 6.3.1 (swift-6.3.1-RELEASE)" "Apple Swift version 6.10 (swiftlang-6.10.0)" "Swift version 7.0 (swift-7.0-RELEASE)"; do
        swift_says "$version"
        run env PATH="$stubs:$PATH" "$repo/scripts/setup" --check
        # Whatever else is missing here, the toolchain is not it.
        [[ $output != *"is Swift"* && $output != *"Swift version"* ]] || { echo "$version: $output"; return 1; }
    done
}

@test "no Swift on PATH, or one whose version cannot be read, is named" {
    swift_says "swift-driver version: 1.120.5"
    run env PATH="$stubs:$PATH" "$repo/scripts/setup" --check
    [ "$status" -eq 1 ]
    [[ $output == *"cannot read the Swift version from 'swift --version'; meli needs 6.3 or later"* ]] || { echo "$output"; return 1; }
    rm "$stubs/swift"
    ln -s "$(command -v bash)" "$stubs/bash"
    run env PATH="$stubs" "$repo/scripts/setup" --check
    [ "$status" -eq 1 ]
    [[ $output == *"the Swift toolchain (6.3 or later) is not on PATH"* ]] || { echo "$output"; return 1; }
}

@test "--check names zsh and fish, which the completion tests run, when they are not installed" {
    swift_says "Swift version 6.3.1 (swift-6.3.1-RELEASE)"
    # The real tools: the macOS stand-ins (Tests/scripts/bsd-path) find their helper beside
    # themselves, which a link in $stubs is not.
    for tool in bash uname sed head dirname grep cat; do ln -s "$(PATH=${MELI_BSD_REAL_PATH:-$PATH} command -v "$tool")" "$stubs/$tool"; done
    run env PATH="$stubs" "$repo/scripts/setup" --check
    [ "$status" -eq 1 ]
    [[ $output == *"scripts/setup: missing: "*" zsh fish"* ]] || { echo "$output"; return 1; }
}
