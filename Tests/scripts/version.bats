#!/usr/bin/env bats
# scripts/version in temporary git repositories: dev, rc and release versions from VERSION and git.

setup() {
    version="$BATS_TEST_DIRNAME/../../scripts/version"
    repo=$(mktemp -d)
    cd "$repo"
    git init -q -b main
    echo 1.3.0 >VERSION
    commit "first"
    unset GITHUB_REF
}

teardown() {
    rm -rf "$repo"
}

commit() {
    git add -A
    git -c user.name=t -c user.email=t@example.com commit -q --allow-empty -m "$1" --date "2026-01-02T03:04:05Z"
}

@test "develop and feature branches build X.Y.Z-dev.N+sha from VERSION" {
    git tag v1.2.0
    git checkout -q -b develop
    commit "a"
    commit "b"
    run "$version"
    [ "$status" -eq 0 ]
    [ "$output" = "1.3.0-dev.2+$(git rev-parse --short=7 HEAD)" ]
    git checkout -q -b feature/x
    commit "c"
    run "$version"
    [ "$output" = "1.3.0-dev.3+$(git rev-parse --short=7 HEAD)" ]
}

@test "release and hotfix branches build X.Y.Z-rc.N" {
    git tag v1.2.0
    git checkout -q -b release/1.3.0
    commit "a"
    run "$version"
    [ "$output" = "1.3.0-rc.1" ]
    commit "b"
    run "$version"
    [ "$output" = "1.3.0-rc.2" ]
    run "$version" --ref refs/heads/hotfix/1.2.1
    [ "$output" = "1.2.1-rc.2" ]
}

@test "a vX.Y.Z tag builds X.Y.Z, and only on its own commit" {
    git tag -a v1.3.0 -m "1.3.0"
    run "$version" --ref refs/tags/v1.3.0
    [ "$status" -eq 0 ]
    [ "$output" = "1.3.0" ]
    GITHUB_REF=refs/tags/v1.3.0 run "$version"
    [ "$output" = "1.3.0" ]
    commit "later"
    run "$version" --ref refs/tags/v1.3.0
    [ "$status" -eq 1 ]
    [[ $output == *"not on the checked-out commit"* ]]
}

@test "--fields gives the commit and the commit's time, never the clock" {
    run "$version" --fields
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == version=1.3.0-dev.1+* ]]
    [ "${lines[1]}" = "commit=$(git rev-parse --short=7 HEAD)" ]
    [ "${lines[2]}" = "date=$(TZ=UTC git show -s --date=format-local:%Y-%m-%dT%H:%M:%SZ --format=%cd HEAD)" ]
}

@test "a bad VERSION file is named" {
    echo "1.3" >VERSION
    run "$version"
    [ "$status" -eq 1 ]
    [[ $output == *"VERSION must hold one X.Y.Z version, not '1.3'"* ]]
}
