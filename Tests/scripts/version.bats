#!/usr/bin/env bats
# scripts/version in temporary git repositories that start as a new team's does: no tag yet, no
# git identity but the test's own.

load git_env

setup() {
    git_env
    version="$BATS_TEST_DIRNAME/../../scripts/version"
    new_repo "$BATS_TEST_TMPDIR/repo" 1.3.0
}

commit() {
    GIT_COMMITTER_DATE=2026-01-02T03:04:05Z git commit -q --allow-empty -m "$1" --date 2026-01-02T03:04:05Z
}

@test "with no tag yet, develop builds X.Y.Z-dev.N+sha with N counting every commit" {
    git checkout -q -b develop
    commit "a"
    run "$version"
    [ "$status" -eq 0 ]
    [ "$output" = "1.3.0-dev.2+$(git rev-parse --short=7 HEAD)" ]
    run "$version" --last-tag
    [ "$status" -eq 0 ]
    [ -z "$output" ]
}

@test "with no tag yet, release and hotfix branches build X.Y.Z-rc.N" {
    git checkout -q -b release/0.1.0
    run "$version"
    [ "$status" -eq 0 ]
    [ "$output" = "0.1.0-rc.1" ]
    run "$version" --ref refs/heads/hotfix/0.0.1
    [ "$status" -eq 0 ]
    [ "$output" = "0.0.1-rc.1" ]
}

@test "develop and feature branches count from the last tag" {
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
    run "$version" --last-tag
    [ "$output" = v1.2.0 ]
}

@test "release and hotfix branches build X.Y.Z-rc.N counted from the last tag" {
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

@test "the commit a vX.Y.Z tag points at builds X.Y.Z on main, detached or by its ref" {
    git tag -a v1.3.0 -m "1.3.0"
    run "$version"
    [ "$status" -eq 0 ]
    [ "$output" = "1.3.0" ]   # on main, with no --ref: what 'scripts/package production' asks
    run "$version" --ref main
    [ "$output" = "1.3.0" ]
    run "$version" --ref refs/tags/v1.3.0
    [ "$status" -eq 0 ]
    [ "$output" = "1.3.0" ]
    GITHUB_REF=refs/tags/v1.3.0 run "$version"
    [ "$output" = "1.3.0" ]
    git checkout -q --detach v1.3.0
    run "$version"
    [ "$output" = "1.3.0" ]
}

@test "on the tagged commit, release and hotfix refs keep rc numbering" {
    git tag -a v1.3.0 -m "1.3.0"
    run "$version" --ref refs/heads/release/1.4.0
    [ "$status" -eq 0 ]
    [ "$output" = "1.4.0-rc.0" ]
}

@test "a tag on another commit is refused, and the next commit is a dev build again" {
    git tag -a v1.3.0 -m "1.3.0"
    commit "later"
    run "$version" --ref refs/tags/v1.3.0
    [ "$status" -eq 1 ]
    [[ $output == *"the tag v1.3.0 is not on the checked-out commit"* ]]
    run "$version"
    [ "$output" = "1.3.0-dev.1+$(git rev-parse --short=7 HEAD)" ]
}

@test "--fields gives the commit and the commit's time, never the clock" {
    commit "dated"
    run "$version" --fields
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == version=1.3.0-dev.2+* ]]
    [ "${lines[1]}" = "commit=$(git rev-parse --short=7 HEAD)" ]
    [ "${lines[2]}" = "date=2026-01-02T03:04:05Z" ]
}

@test "a bad VERSION file, a repository without commits, and no repository are named" {
    echo "1.3" >VERSION
    run "$version"
    [ "$status" -eq 1 ]
    [[ $output == *"VERSION must hold one X.Y.Z version, not '1.3'"* ]]
    git init -q -b main "$BATS_TEST_TMPDIR/empty"
    cd "$BATS_TEST_TMPDIR/empty"
    run "$version"
    [ "$status" -eq 1 ]
    [[ $output == *"no commit yet"* ]]
    mkdir "$BATS_TEST_TMPDIR/plain"
    cd "$BATS_TEST_TMPDIR/plain"
    GIT_CEILING_DIRECTORIES="$BATS_TEST_TMPDIR" run "$version"
    [ "$status" -eq 1 ]
    [[ $output == *"not inside a git repository"* ]]
}

@test "changes to tracked files not committed are said in the build metadata; files git does not track are not" {
    git checkout -q -b develop
    commit "a"
    sha=$(git rev-parse --short=7 HEAD)
    mkdir -p dist && echo built >dist/x
    [ "$("$version")" = "1.3.0-dev.2+$sha" ]
    echo "changed" >>VERSION.notes 2>/dev/null; git add VERSION.notes; git commit -q -m notes
    sha=$(git rev-parse --short=7 HEAD)
    echo "more" >>VERSION.notes
    [ "$("$version")" = "1.3.0-dev.3+$sha.dirty" ]
    run "$version" --fields
    [[ $output == *"version=1.3.0-dev.3+$sha.dirty"*"commit=$sha"* ]]
    git checkout -q -b release/1.3.0
    [ "$("$version")" = "1.3.0-rc.3+dirty" ]
    git checkout -q VERSION.notes
    [ "$("$version")" = "1.3.0-rc.3" ]
}
