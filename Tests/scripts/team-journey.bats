#!/usr/bin/env bats
# Two engineers, one origin: issue 24's journey, each stage a test run in order. A bare origin
# whose history predates the pipeline (its adoption commit marks where it starts), two clones
# with their own identities in their own config (none in the environment, none global), no tag:
# pull requests checked by scripts/gitflow check-pr (a non-conventional subject and a branch cut
# from main refused with the fix named), both start release 0.1.0 (the second is refused and told
# how to join), a fix one pushed stops the other's finish until pulled, a hotfix lands while
# release 0.2.0 is open, and each CHANGELOG section holds exactly what its release brought.

load team_env

setup_file() {
    export world="$BATS_FILE_TMPDIR/world" team="$BATS_FILE_TMPDIR/world"
    mkdir -p "$world/home"
    export HOME="$world/home" GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
    unset GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL EMAIL GIT_DIR GIT_WORK_TREE GITHUB_REF
    git init -q --bare -b main "$world/origin.git"
    team_clone ana
    echo 0.1.0 >VERSION
    git add VERSION && git commit -q -m "Initial commit"
    work "Add the search command" search.txt
    work "Redactor: one helper for every secret" redact.txt
    work "chore(adopt): feed URLs and signing keys for team/meli" adopt.txt
    git push -q -u origin main
    git checkout -q -b develop
    git push -q -u origin develop
    team_clone ben
    git checkout -q develop
}

setup() {
    export HOME="$world/home" GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
    unset GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL EMAIL GIT_DIR GIT_WORK_TREE GITHUB_REF
    scripts="$BATS_TEST_DIRNAME/../../scripts"
}

# Merges branch $1 into develop as a pull request does, after CI's check, and pushes develop.
merge_pr() {
    "$scripts/gitflow" check-pr "$1" develop
    git checkout -q develop
    git merge -q --no-ff -m "Merge pull request from $1" "$1"
    git branch -q -d "$1"
    git push -q origin develop
}

# The change lines ('- ...', shas dropped) of version $1's section of CHANGELOG.md in revision $2.
changes() {
    git show "$2:CHANGELOG.md" | awk -v h="## $1" '$0 == h { on = 1; next } /^## / { on = 0 } on && /^- /' |
        sed -E 's/ \([0-9a-f]{7,}\)$//'
}

@test "1. pull requests: a subject that is not conventional and a branch cut from main are refused, with the fix" {
    as ana
    git checkout -q -b feature/sort develop
    work "feat(search): sort results by price" sort.txt
    work "wip stuff" sort.txt
    run "$scripts/gitflow" check-pr feature/sort develop
    [ "$status" -eq 1 ]
    [[ $output == *"1 commit of feature/sort (of 2 in develop..feature/sort) lacks"* ]] || { echo "$output"; return 1; }
    [[ $output == *"$(git rev-parse --short HEAD) \"wip stuff\": no 'type: ' in front; reword it"* ]]
    [[ $output == *"git commit --amend"* ]]
    git commit -q --amend -m "docs(search): say how results are sorted"
    run merge_pr feature/sort
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"feature/sort -> develop allowed: branch names, cut from develop, 2 commits in develop..feature/sort with conventional subjects"* ]]

    as ben
    git pull -q
    git checkout -q -b bugfix/cache main   # the wrong base
    work "fix(cache): show the age of stale answers" cache.txt
    run "$scripts/gitflow" check-pr bugfix/cache develop
    [ "$status" -eq 1 ]
    [[ $output == *"bugfix/cache was cut from main, not develop"* ]]
    [[ $output == *"git rebase --onto develop main bugfix/cache"* ]]
    git rebase -q --onto develop main bugfix/cache
    run merge_pr bugfix/cache
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "2. both start release 0.1.0: the second is refused and told how to join it" {
    as ana
    git checkout -q develop
    run "$scripts/release" start 0.1.0
    [ "$status" -eq 1 ]   # ben's bugfix is on origin, not here
    [[ $output == *"develop is 2 commits behind origin/develop"*"git pull"* ]]
    git pull -q
    run "$scripts/release" start 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"count from $(git rev-parse --short main) \"chore(adopt): feed URLs and signing keys for team/meli\""* ]]
    # rc numbers count from the adoption commit: two pull requests of 2 and 1 commits, their
    # two merges, the start commit.
    [ "$("$scripts/version")" = 0.1.0-rc.6 ]
    git push -q -u origin release/0.1.0

    as ben
    git checkout -q develop
    run "$scripts/release" start 0.1.0
    [ "$status" -eq 1 ]
    [[ $output == *"release/0.1.0 exists on origin already: a teammate started release 0.1.0"* ]]
    [[ $output == *"git checkout -b release/0.1.0 origin/release/0.1.0 (or git switch release/0.1.0)"* ]]
    [ -z "$(git branch --list 'release/*')" ]
    [ "$(git branch --show-current)" = develop ]
    git switch -q release/0.1.0
}

@test "3. a fix ben pushed to the release stops ana's finish until she pulls it" {
    as ben
    work "fix(search): keep the sort on the next page" sort.txt
    git push -q origin release/0.1.0
    as ana
    before=$(git for-each-ref --format='%(refname) %(objectname)' refs/heads refs/tags)
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 1 ]
    [[ $output == *"release/0.1.0 is 1 commit behind origin/release/0.1.0: a teammate's commits there would be left out of 0.1.0"* ]]
    [[ $output == *"git checkout release/0.1.0 && git pull"* ]]
    [ "$(git for-each-ref --format='%(refname) %(objectname)' refs/heads refs/tags)" = "$before" ]
    git pull -q
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    git push -q origin main develop v0.1.0
    git push -q origin --delete release/0.1.0
}

@test "4. ben starts 0.2.0 from an up-to-date develop" {
    as ben
    git checkout -q develop
    git branch -q -D release/0.1.0
    git pull -q
    git fetch -q --tags
    git checkout -q -b feature/categories develop
    work "feat(categories): list subcategories" categories.txt
    run merge_pr feature/categories
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    run "$scripts/release" start 0.2.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    git push -q -u origin release/0.2.0
}

@test "5. a hotfix lands while release 0.2.0 is open, and reaches it" {
    as ana
    git checkout -q main
    git pull -q
    run "$scripts/hotfix" start 0.1.1
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    work "fix(item): show items without pictures" item.txt
    run "$scripts/gitflow" check-pr hotfix/0.1.1 main
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    run "$scripts/hotfix" finish 0.1.1
    [ "$status" -eq 1 ]   # develop moved on (ben's feature) and release/0.2.0 is not here
    [[ $output == *"develop is 2 commits behind origin/develop"* ]] || { echo "$output"; return 1; }
    git checkout -q develop && git pull -q && git checkout -q hotfix/0.1.1
    run "$scripts/hotfix" finish 0.1.1
    [ "$status" -eq 1 ]
    [[ $output == *"release/0.2.0 is open on origin but not here"* ]]
    git branch -q release/0.2.0 origin/release/0.2.0
    run "$scripts/hotfix" finish 0.1.1
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"git push origin main develop release/0.2.0 v0.1.1"* ]]
    git push -q origin main develop release/0.2.0 v0.1.1
}

@test "6. ben finishes 0.2.0 once he has the hotfix; each section holds exactly what its release brought" {
    as ben
    run "$scripts/release" finish 0.2.0
    [ "$status" -eq 1 ]
    [[ $output == *"release/0.2.0 is"*"behind origin/release/0.2.0"* ]] || { echo "$output"; return 1; }
    git pull -q --no-rebase
    git checkout -q main && git pull -q && git checkout -q develop && git pull -q && git checkout -q release/0.2.0
    run "$scripts/release" finish 0.2.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    git push -q origin main develop v0.2.0

    [ "$(changes 0.1.0 v0.2.0)" = "- **search:** sort results by price
- **search:** keep the sort on the next page
- **cache:** show the age of stale answers" ] || { changes 0.1.0 v0.2.0; return 1; }
    [ "$(changes 0.1.1 v0.2.0)" = "- **item:** show items without pictures" ]
    [ "$(changes 0.2.0 v0.2.0)" = "- **categories:** list subcategories" ] || { changes 0.2.0 v0.2.0; return 1; }
    # Sections newest first, each heading after a blank line; nothing from before the adoption.
    [ "$(git show v0.2.0:CHANGELOG.md | grep '^## ' | tr '\n' ' ')" = "## 0.2.0 ## 0.1.1 ## 0.1.0 " ]
    git show v0.2.0:CHANGELOG.md | awk 'NR > 1 && /^## / && prev != "" { bad = 1 } { prev = $0 } END { exit bad }'
    ! git show v0.2.0:CHANGELOG.md | grep -qE 'Add the search command|Redactor|Initial commit'
    # Both clones agree with origin.
    as ana
    git fetch -q --tags
    git checkout -q develop && git pull -q
    [ "$(git rev-parse develop)" = "$(git -C "$world/ben" rev-parse develop)" ]
    [ "$(git rev-parse v0.2.0)" = "$(git -C "$world/ben" rev-parse v0.2.0)" ]
}
