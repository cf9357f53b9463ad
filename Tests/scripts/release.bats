#!/usr/bin/env bats
# scripts/release and scripts/hotfix end to end in temporary git repositories.

setup() {
    scripts="$BATS_TEST_DIRNAME/../../scripts"
    repo="$BATS_TEST_TMPDIR/repo"
    export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.com
    git init -q -b main "$repo"
    cd "$repo"
    echo 1.0.0 >VERSION
    echo code >app.txt
    git add -A && git commit -q -m "Initial"
    git tag -a v1.0.0 -m "1.0.0"
    git checkout -q -b develop
    echo 1.1.0 >VERSION && git commit -q -am "Bump develop to 1.1.0"
    work "feat: search by price" search.txt
    work "fix: prices with cents" price.txt
    work "Document the cache" docs.txt
}

work() {
    echo "$1" >>"$2"
    git add -A && git commit -q -m "$1"
}

parents() { git rev-list --parents -n 1 "$1" | wc -w; }

@test "release start and finish, as git flow does it" {
    run "$scripts/release" start 1.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(git branch --show-current)" = release/1.1.0 ]
    [ "$(cat VERSION)" = 1.1.0 ]
    grep -q '^## 1.1.0$' CHANGELOG.md
    grep -q '^#### Features$' CHANGELOG.md && grep -q 'feat: search by price' CHANGELOG.md
    grep -q '^#### Fixes$' CHANGELOG.md && grep -q 'fix: prices with cents' CHANGELOG.md
    grep -q '^#### Other$' CHANGELOG.md && grep -q 'Document the cache' CHANGELOG.md
    work "fix: last-minute fix" release.txt

    run "$scripts/release" finish 1.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(git cat-file -t v1.1.0)" = tag ]
    [ "$(git rev-parse v1.1.0^{commit})" = "$(git rev-parse main)" ]
    [ "$(parents main)" -eq 3 ]   # a --no-ff merge: the commit and two parents
    [ "$(git show main:VERSION)" = 1.1.0 ]
    git log --format=%s develop | grep -qx "Merge release 1.1.0 into develop"
    git show develop:release.txt | grep -q "last-minute"
    [ "$(git show develop:VERSION)" = 1.2.0 ]
    [ -z "$(git branch --list 'release/*')" ]
    git checkout -q v1.1.0
    run "$scripts/version" --ref refs/tags/v1.1.0
    [ "$output" = 1.1.0 ]
}

@test "hotfix start and finish: from main, into main and develop" {
    "$scripts/release" start 1.1.0 >/dev/null && "$scripts/release" finish 1.1.0 >/dev/null
    run "$scripts/hotfix" start 1.1.1
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(git branch --show-current)" = hotfix/1.1.1 ]
    [ "$(git merge-base HEAD main)" = "$(git rev-parse main)" ]
    work "fix: crash on empty search" hotfix.txt
    run "$scripts/hotfix" finish 1.1.1
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(git cat-file -t v1.1.1)" = tag ]
    [ "$(git show main:VERSION)" = 1.1.1 ]
    git show develop:hotfix.txt | grep -q crash
    [ "$(git show develop:VERSION)" = 1.2.0 ]   # develop keeps building the next release
    git show develop:CHANGELOG.md | grep -q '^## 1.1.1$'
    git show develop:CHANGELOG.md | grep -q '^## 1.1.0$'
}

@test "a hotfix goes into the open release branch instead of develop" {
    "$scripts/release" start 1.1.0 >/dev/null && "$scripts/release" finish 1.1.0 >/dev/null
    git checkout -q develop && work "feat: next thing" next.txt
    "$scripts/release" start 1.2.0 >/dev/null
    "$scripts/hotfix" start 1.1.1 >/dev/null
    work "fix: urgent" urgent.txt
    run "$scripts/hotfix" finish 1.1.1
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"into release/1.2.0"* ]]
    git show release/1.2.0:urgent.txt | grep -q urgent
    [ "$(git show release/1.2.0:VERSION)" = 1.2.0 ]
    run git show develop:urgent.txt
    [ "$status" -ne 0 ]
}

@test "refusals: old versions, a dirty tree, a second release, finishing what was not started" {
    run "$scripts/release" start 1.0.0
    [ "$status" -eq 1 ]
    [[ $output == *"not greater than the last release, v1.0.0"* ]]
    run "$scripts/release" start 1.1
    [ "$status" -eq 1 ]
    echo dirty >>app.txt
    run "$scripts/release" start 1.1.0
    [ "$status" -eq 1 ]
    [[ $output == *"uncommitted changes"* ]]
    git checkout -q -- app.txt
    "$scripts/release" start 1.1.0 >/dev/null
    git checkout -q develop
    run "$scripts/release" start 1.2.0
    [ "$status" -eq 1 ]
    [[ $output == *"a release is already open: release/1.1.0"* ]]
    run "$scripts/hotfix" finish 1.0.1
    [ "$status" -eq 1 ]
    [[ $output == *"there is no hotfix/1.0.1 branch"* ]]
    run "$scripts/release"
    [ "$status" -eq 2 ]
}
