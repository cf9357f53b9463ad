#!/usr/bin/env bats
# scripts/gitflow in a temporary git repository; most tests give it the release tags v0.9.9 and
# v1.2.0 (the last), the first ones start as a new team does, with no tag at all.

load git_env

setup() {
    git_env
    gitflow="$BATS_TEST_DIRNAME/../../scripts/gitflow"
    new_repo "$BATS_TEST_TMPDIR/repo" 0.1.0
}

tags() {
    git tag v1.2.0
    git tag v1.10.0-beta   # not a release tag: ignored
    git tag v0.9.9
}

@test "with no release tag yet, any release or hotfix version is allowed, silently" {
    git tag v1.10.0-beta   # not a release tag: still none
    for name in release/0.1.0 hotfix/0.0.1 release/1.0.0; do
        run "$gitflow" check-branch "$name"
        [ "$status" -eq 0 ] && [ -z "$output" ] || { echo "$name: $status $output"; return 1; }
    done
    for pr in "release/0.1.0 main" "release/0.1.0 develop" "hotfix/0.0.1 main" "feature/a develop"; do
        read -r head base <<<"$pr"
        run "$gitflow" check-pr "$head" "$base"
        # It says what it checked: here only the names, as the branches are not in the repository.
        [ "$status" -eq 0 ] && [[ $output == *"the branch names are allowed"*"no commit was checked"* ]] || { echo "$pr: $status $output"; return 1; }
    done
    run "$gitflow" check-branch release/0.1
    [ "$status" -eq 1 ]
    [[ $output == *"the version must be X.Y.Z"* ]]
}

@test "outside a git repository the names are still checked" {
    mkdir "$BATS_TEST_TMPDIR/plain"
    cd "$BATS_TEST_TMPDIR/plain"
    GIT_CEILING_DIRECTORIES="$BATS_TEST_TMPDIR" run "$gitflow" check-branch release/0.1.0
    [ "$status" -eq 0 ]
}

@test "allowed branch names" {
    tags
    for name in main develop feature/search-filters feature/JIRA-12/x bugfix/price.format release/1.3.0 release/2.0.0 \
        hotfix/1.2.1 refs/heads/feature/x; do
        run "$gitflow" check-branch "$name"
        [ "$status" -eq 0 ] || { echo "refused: $name: $output"; return 1; }
    done
}

@test "refused branch names say why" {
    tags
    while IFS='|' read -r name reason; do
        run "$gitflow" check-branch "$name"
        [ "$status" -eq 1 ] || { echo "allowed: $name"; return 1; }
        [[ $output == *"$reason"* ]] || { echo "$name: $output"; return 1; }
    done <<'TABLE'
foo|'foo' is not a git-flow branch
master|the released branch is 'main'
feature/|not a valid git branch name
feature/-x|must start with a letter or digit
release/1.2|the version must be X.Y.Z
release/v1.3.0|the version must be X.Y.Z
release/1.3.0-rc.1|the version must be X.Y.Z
release/01.3.0|the version must be X.Y.Z
release/1.2.0|not greater than the last release, v1.2.0
release/1.1.9|not greater than the last release, v1.2.0
hotfix/1.2.0|not greater than the last release, v1.2.0
TABLE
}

@test "version comparison is numeric, not textual" {
    tags
    git tag v1.9.0
    run "$gitflow" check-branch release/1.10.0
    [ "$status" -eq 0 ]
    run "$gitflow" check-branch release/1.8.0
    [ "$status" -eq 1 ]
    [[ $output == *"v1.9.0"* ]]
}

@test "versions beyond 64-bit numbers compare as numbers, with no arithmetic wrap-around" {
    tags
    # 2^64 + 1 wraps to 1 in bash arithmetic, which read it as below 1.2.0.
    run "$gitflow" check-branch release/18446744073709551617.0.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    run "$gitflow" check-branch release/1.18446744073709551617.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    git tag v1.99999999999999999999.0
    run "$gitflow" check-branch release/1.100000000000000000000.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    run "$gitflow" check-branch release/1.99999999999999999998.5
    [ "$status" -eq 1 ]
    # The last release is the huge one, and the suggestions count on from it without wrapping.
    [[ $output == *"v1.99999999999999999999.0"* ]]
    [[ $output == *"1.99999999999999999999.1 for a hotfix or 1.100000000000000000000.0 for a release"* ]]
}

@test "develop-version: develop's VERSION kept when ahead of the release, else the next minor, counted as text" {
    while read -r released current expected; do
        run "$gitflow" develop-version "$released" "$current"
        [ "$status" -eq 0 ] && [ "$output" = "$expected" ] || { echo "$released $current: $status $output"; return 1; }
    done <<'TABLE'
0.1.0 0.1.0 0.2.0
0.1.1 0.2.0 0.2.0
1.9.3 1.10.0 1.10.0
1.10.0 1.9.0 1.11.0
0.9223372036854775807.0 0.1.0 0.9223372036854775808.0
1.99999999999999999999.0 1.99999999999999999999.0 1.100000000000000000000.0
TABLE
    run "$gitflow" develop-version 1.2 1.3.0
    [ "$status" -eq 2 ]
}

@test "allowed pull requests" {
    tags
    while read -r head base; do
        run "$gitflow" check-pr "$head" "$base"
        [ "$status" -eq 0 ] || { echo "refused: $head -> $base: $output"; return 1; }
    done <<'TABLE'
feature/a develop
bugfix/b develop
release/1.3.0 main
release/1.3.0 develop
hotfix/1.2.1 main
hotfix/1.2.1 develop
hotfix/1.2.1 release/1.3.0
refs/heads/feature/a refs/heads/develop
TABLE
}

@test "refused pull requests name the rule and the way out" {
    tags
    while IFS='|' read -r head base reason; do
        run "$gitflow" check-pr "$head" "$base"
        [ "$status" -eq 1 ] || { echo "allowed: $head -> $base"; return 1; }
        [[ $output == *"$reason"* ]] || { echo "$head -> $base: $output"; return 1; }
    done <<'TABLE'
feature/a|main|feature branches merge into develop, not main
bugfix/b|main|bugfix branches merge into develop, not main
feature/a|release/1.3.0|feature branches merge into develop
develop|main|develop reaches main only through a release branch
main|develop|main cannot be merged into develop
release/1.3.0|release/1.4.0|release branches merge into main
feature/a|feature/b|'feature/b' cannot receive pull requests
foo|develop|'foo' is not a git-flow branch
release/1.2.0|main|not greater than the last release
TABLE
}

@test "channels: what each ref builds" {
    while read -r ref expected; do
        run "$gitflow" channel "$ref"
        [ "$status" -eq 0 ] && [ "$output" = "$expected" ] || { echo "$ref: $status $output"; return 1; }
    done <<'TABLE'
develop dev
feature/a dev
bugfix/b dev
refs/heads/develop dev
release/1.3.0 qa
hotfix/1.2.1 qa
refs/heads/release/1.3.0 qa
v1.3.0 production
refs/tags/v1.3.0 production
TABLE
}

@test "refs that build nothing are refused" {
    for ref in main refs/heads/main foo refs/tags/1.3.0 refs/tags/v1.3 v1.3.0-rc.1; do
        run "$gitflow" channel "$ref"
        [ "$status" -eq 1 ] || { echo "accepted: $ref -> $output"; return 1; }
    done
}

@test "usage errors exit 2 and --help explains the model" {
    run "$gitflow"
    [ "$status" -eq 2 ]
    run "$gitflow" check-pr only-one
    [ "$status" -eq 2 ]
    run "$gitflow" frobnicate
    [ "$status" -eq 2 ]
    [[ $output == *"unknown command 'frobnicate'"* ]]
    run "$gitflow" --help
    [ "$status" -eq 0 ]
    [[ $output == *"hotfix/X.Y.Z      from main"* ]]
}

# A commit on the current branch: subject $1.
commit() { git commit -q --allow-empty -m "$1"; }

@test "check-pr: every commit a pull request brings has a conventional subject, each offender named with its fix" {
    git checkout -q -b develop
    commit "feat: on develop"
    git checkout -q -b feature/mixed
    commit "wip stuff"
    commit "Redactor: one helper"
    commit "feat(search)!: drop the old filter"
    git merge -q --no-ff -m "Merge branch 'develop' into feature/mixed" develop 2>/dev/null || true
    run "$gitflow" check-pr feature/mixed develop
    [ "$status" -eq 1 ]
    [[ $output == *"2 commits of feature/mixed (of 3 in develop..feature/mixed) lack a conventional subject"* ]]
    [[ $output == *"$(git rev-parse --short HEAD~1) \"Redactor: one helper\": 'Redactor' is not a commit type; reword it: 'TYPE(redactor): one helper'"* ]]
    [[ $output == *"$(git rev-parse --short HEAD~2) \"wip stuff\": no 'type: ' in front; reword it: 'TYPE: wip stuff'"* ]]
    [[ $output == *"git rebase -i $(git rev-parse --short develop) feature/mixed"* ]]
    [[ $output != *"drop the old filter"* ]]
    # Many offenders, with long subjects: the first 10, each cut short, and how to see the rest
    # (which a 4,000-byte message once cut off).
    long=$(printf 'y%.0s' $(seq 300))
    for n in $(seq 1 22); do commit "wip $n $long"; done
    run "$gitflow" check-pr feature/mixed develop
    [ "$status" -eq 1 ]
    [[ $output == *"24 commits of feature/mixed (of 25 in develop..feature/mixed) lack"* ]]
    [ "$(grep -c '^  [0-9a-f]* "' <<<"$output")" -eq 10 ]
    [[ $output == *"... and 14 more: git log --no-merges --format='%h %s' $(git rev-parse --short develop)..feature/mixed"* ]]
    git reset -q --hard HEAD~22
    # --since keeps what came before out; a configured type is a type.
    run "$gitflow" check-pr feature/mixed develop --since HEAD~1
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"feature/mixed -> develop allowed: branch names, cut from develop, 1 commit in develop..feature/mixed with conventional subjects, after $(git rev-parse --short HEAD~1)"* ]]
    git checkout -q -b feature/wip develop
    commit "wip: half of it"
    run "$gitflow" check-pr feature/wip develop
    [ "$status" -eq 1 ]
    mkdir -p Config && printf '# ours\nwip\n' >Config/commit-types
    run "$gitflow" check-pr feature/wip develop
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    run "$gitflow" check-pr feature/wip develop --since
    [ "$status" -eq 2 ]
    run "$gitflow" check-pr feature/wip develop --since nowhere
    [ "$status" -eq 1 ]
    [[ $output == *"--since 'nowhere' names no commit here"* ]]
}

@test "check-pr: history before the adoption commit is not checked" {
    git checkout -q -b develop
    commit "Old habits"
    git checkout -q -b release/0.1.0
    run "$gitflow" check-pr release/0.1.0 main
    [ "$status" -eq 1 ]
    [[ $output == *"\"Old habits\": no 'type: ' in front"* ]]
    commit "chore(adopt): feed URLs and signing keys for team/meli"
    commit "feat: adopted"
    run "$gitflow" check-pr release/0.1.0 main
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"1 commit in main..release/0.1.0 with conventional subjects, after $(git rev-parse --short HEAD~1)"* ]]
}

@test "check-pr: a feature cut from main and a hotfix cut from develop are refused with the rebase that fixes them" {
    git checkout -q -b develop
    commit "feat: on develop"
    git checkout -q -b feature/early main
    commit "feat: early"
    run "$gitflow" check-pr feature/early develop
    [ "$status" -eq 1 ]
    [[ $output == *"feature/early was cut from main, not develop"*"lacks the 1 commit develop has beyond main"* ]]
    [[ $output == *"git rebase --onto develop main feature/early"* ]]
    git checkout -q -b hotfix/0.0.1 develop
    commit "fix: urgent"
    run "$gitflow" check-pr hotfix/0.0.1 main
    [ "$status" -eq 1 ]
    [[ $output == *"hotfix/0.0.1 holds commits of develop that main lacks"* ]]
    [[ $output == *"git rebase --onto main develop hotfix/0.0.1"* ]]
    git rebase -q --onto main develop hotfix/0.0.1
    run "$gitflow" check-pr hotfix/0.0.1 main
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"cut from main, 1 commit in main..hotfix/0.0.1"* ]]
    # Only origin's branches, as in CI: the same checks.
    git branch -q -m develop elsewhere
    git update-ref refs/remotes/origin/develop elsewhere
    git checkout -q -b bugfix/ok elsewhere
    commit "fix: ok"
    run "$gitflow" check-pr bugfix/ok develop
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"cut from develop, 1 commit in develop..bugfix/ok"* ]]
}
