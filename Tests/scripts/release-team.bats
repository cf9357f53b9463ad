#!/usr/bin/env bats
# scripts/release and scripts/hotfix in a team: two clones of one bare origin, each with its own
# identity in its own config (none in the environment), no tag. What one pushed, the other's
# start and finish see: a release started there, a fix not pulled, a tag made there, a base
# moved on. Also the first release's starting point and the CHANGELOG's blank lines.

load git_env
load team_env

setup() {
    git_env
    unset GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL EMAIL
    scripts="$BATS_TEST_DIRNAME/../../scripts"
    team=$BATS_TEST_TMPDIR
    git init -q --bare -b main "$BATS_TEST_TMPDIR/origin.git"
    team_clone ana
    echo 0.1.0 >VERSION
    echo code >app.txt
    git add VERSION app.txt
    git commit -q -m "Initial commit"
    git push -q -u origin main
    git checkout -q -b develop
    work "feat(search): search by price" search.txt
    git push -q -u origin develop
    team_clone ben
    git checkout -q develop
    cd "$BATS_TEST_TMPDIR/ana"
}

# Everything a refused command must leave as it was (remote-tracking refs may move: it fetched).
snapshot() {
    {
        git for-each-ref --format='%(refname) %(objectname)' refs/heads refs/tags
        git symbolic-ref --quiet HEAD || git rev-parse HEAD
        git status --porcelain --untracked-files=all
        cat VERSION
    } | cksum
}

@test "a release a teammate started is refused, with the command to join it; joined, it finishes" {
    run "$scripts/release" start 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    git push -q -u origin release/0.1.0
    as ben
    before=$(snapshot)
    run "$scripts/release" start 0.1.0
    [ "$status" -eq 1 ]
    [[ $output == *"release/0.1.0 exists on origin already"* ]]
    [[ $output == *"git checkout -b release/0.1.0 origin/release/0.1.0"* ]]
    [[ $output == *"git switch release/0.1.0"* ]]
    [ "$(snapshot)" = "$before" ]
    # Another version while that one is open on origin: refused too.
    run "$scripts/release" start 0.2.0
    [ "$status" -eq 1 ]
    [[ $output == *"a release is already open on origin: release/0.1.0"* ]]
    [ "$(snapshot)" = "$before" ]
    # Finishing it without it here: told to check it out.
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 1 ]
    [[ $output == *"release/0.1.0 is on origin but not here"*"git switch release/0.1.0"* ]]
    # Joined as told, the fix pushed there, ana's finish is refused until she pulls it.
    git switch -q release/0.1.0
    work "fix(search): prices with cents" price.txt
    git push -q origin release/0.1.0
    as ana
    before=$(snapshot)
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 1 ]
    [[ $output == *"release/0.1.0 is 1 commit behind origin/release/0.1.0"* ]]
    [[ $output == *"git checkout release/0.1.0 && git pull"* ]]
    [ "$(snapshot)" = "$before" ]
    git checkout -q release/0.1.0 && git pull -q
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $(git show v0.1.0:CHANGELOG.md) == *"prices with cents"* ]]
    git push -q origin main develop v0.1.0
    git push -q origin --delete release/0.1.0
    # ben's clone still has its release branch; the tag made on origin stops his finish.
    as ben
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 1 ]
    [[ $output == *"v0.1.0 is tagged on origin already, but not here"* ]]
    [[ $output == *"git fetch --tags origin"* ]]
}

@test "start refuses a develop behind origin (git pull named) and a version tagged on origin" {
    as ben
    work "feat: ben's feature" ben.txt
    git push -q origin develop
    as ana
    before=$(snapshot)
    run "$scripts/release" start 0.1.0
    [ "$status" -eq 1 ]
    [[ $output == *"develop is 1 commit behind origin/develop"* ]]
    [[ $output == *"git checkout develop && git pull"* ]]
    [ "$(snapshot)" = "$before" ]
    # Diverged: a commit on each side.
    work "feat: ana's feature" ana.txt
    run "$scripts/release" start 0.1.0
    [ "$status" -eq 1 ]
    [[ $output == *"develop and origin/develop have diverged (1 commit here, 1 commit there)"* ]]
    git pull -q --no-rebase --no-edit
    # A release tagged on origin, not fetched here.
    as ben
    git tag -a v0.1.0 -m "release 0.1.0" origin/main
    git push -q origin v0.1.0
    git tag -d v0.1.0 >/dev/null
    as ana
    run "$scripts/release" start 0.1.0
    [ "$status" -eq 1 ]
    [[ $output == *"v0.1.0 is tagged on origin already"* ]]
    run "$scripts/release" start 0.0.9
    [ "$status" -eq 1 ]
    [[ $output == *"0.0.9 is not greater than v0.1.0, the last release tagged on origin"* ]]
    # A tag pushed on a commit that is not on main, or on an old commit of main whose VERSION is
    # not the tag's, is no release: it blocks nothing.
    as ben
    git tag -a v88888888888888888888.0.0 -m "not a release" "$(git rev-list --max-parents=0 origin/main)"
    git push -q origin v88888888888888888888.0.0
    git checkout -q -b feature/stray develop
    work "feat: stray" stray.txt
    git tag -a v99999999999999999999.0.0 -m "not a release" HEAD
    git push -q origin v99999999999999999999.0.0
    git checkout -q develop
    as ana
    run "$scripts/release" start 0.0.9
    [ "$status" -eq 1 ]
    [[ $output == *"0.0.9 is not greater than v0.1.0, the last release tagged on origin"* ]] || { echo "$output"; return 1; }
    [ -z "$(git tag)" ]   # the origin's tags were listed, not fetched
}

@test "an origin that cannot be reached stops start and finish, and --offline goes on" {
    git remote set-url origin "$BATS_TEST_TMPDIR/gone.git"
    before=$(snapshot)
    run "$scripts/release" start 0.1.0
    [ "$status" -eq 1 ]
    [[ $output == *"could not fetch origin ($BATS_TEST_TMPDIR/gone.git)"* ]]
    [[ $output == *"scripts/release start 0.1.0 --offline"* ]]
    [ "$(snapshot)" = "$before" ]
    run "$scripts/release" start 0.1.0 --offline
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"--offline: origin was not fetched"* ]]
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 1 ]
    [[ $output == *"scripts/release finish 0.1.0 --offline"* ]]
    run "$scripts/release" finish --offline 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    run "$scripts/release" start 0.2.0 --bogus
    [ "$status" -eq 2 ]
}

@test "offline, what was last fetched from origin still counts" {
    as ben
    "$scripts/release" start 0.1.0 >/dev/null
    git push -q -u origin release/0.1.0
    as ana
    git fetch -q origin
    git remote set-url origin "$BATS_TEST_TMPDIR/gone.git"
    run "$scripts/release" start 0.1.0 --offline
    [ "$status" -eq 1 ]
    [[ $output == *"release/0.1.0 exists on origin already"* ]]
    run "$scripts/release" start 0.2.0 --offline
    [ "$status" -eq 1 ]
    [[ $output == *"a release is already open on origin: release/0.1.0"* ]]
}

@test "a hotfix during a release open on origin but not here is refused at finish, until checked out" {
    "$scripts/release" start 0.1.0 >/dev/null
    "$scripts/release" finish 0.1.0 >/dev/null
    git push -q origin main develop v0.1.0
    as ben
    git pull -q --no-rebase
    git fetch -q --tags
    "$scripts/release" start 0.2.0 >/dev/null
    git push -q -u origin release/0.2.0
    as ana
    run "$scripts/hotfix" start 0.1.1
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    work "fix: urgent" urgent.txt
    before=$(snapshot)
    run "$scripts/hotfix" finish 0.1.1
    [ "$status" -eq 1 ]
    [[ $output == *"release/0.2.0 is open on origin but not here"* ]]
    [[ $output == *"git checkout -b release/0.2.0 origin/release/0.2.0"* ]]
    [ "$(snapshot)" = "$before" ]
    git branch -q release/0.2.0 origin/release/0.2.0
    run "$scripts/hotfix" finish 0.1.1
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    git merge-base --is-ancestor v0.1.1 release/0.2.0
}

@test "the hotfix's section and the open release's are parted by a blank line" {
    "$scripts/release" start 0.1.0 >/dev/null
    "$scripts/release" finish 0.1.0 >/dev/null
    work "feat: next thing" next.txt
    "$scripts/release" start 0.2.0 >/dev/null
    "$scripts/hotfix" start 0.1.1 >/dev/null
    work "fix: urgent" urgent.txt
    "$scripts/hotfix" finish 0.1.1 >/dev/null
    for ref in main develop release/0.2.0; do
        # Every '## ' heading but the first follows a blank line.
        git show "$ref:CHANGELOG.md" | awk 'NR > 1 && /^## / && prev != "" { bad = 1 } { prev = $0 } END { exit bad }' ||
            { echo "$ref:"; git show "$ref:CHANGELOG.md"; return 1; }
    done
    git checkout -q release/0.2.0
    run "$scripts/release" finish 0.2.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    for ref in main develop; do
        [ "$(git show "$ref:CHANGELOG.md" | grep '^## ' | tr '\n' ' ')" = "## 0.2.0 ## 0.1.1 ## 0.1.0 " ]
        [ "$(git show "$ref:CHANGELOG.md" | grep -B1 '^## ' | grep -c '^$')" -eq 3 ] || { git show "$ref:CHANGELOG.md"; return 1; }
    done
}

@test "the first release counts from the adoption commit, or from --since" {
    work "Old history one" old1.txt
    work "Old history two" old2.txt
    work "chore(adopt): feed URLs and signing keys for team/meli" adopt.txt
    adoption=$(git rev-parse HEAD)
    work "feat: after adoption" new.txt
    git push -q origin develop
    run "$scripts/release" start 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"count from $(git rev-parse --short "$adoption")"* ]]
    [ "$("$scripts/version")" = 0.1.0-rc.2 ]   # the feature and the start commit
    section=$(sed -n '/^## 0.1.0$/,$p' CHANGELOG.md)
    [[ $section == *"after adoption"* ]]
    [[ $section != *"Old history"* ]] && [[ $section != *"search by price"* ]]
    git checkout -q develop && git branch -q -D release/0.1.0
    # --since: from the commit it names, recorded in the start commit for the rc numbers.
    run "$scripts/release" start 0.1.0 --since "$adoption~1"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$("$scripts/version")" = 0.1.0-rc.3 ]
    git log -1 --format=%B | grep -qx "Release-Since: $(git rev-parse "$adoption~1")"
    work "fix: during QA" qa.txt
    [ "$("$scripts/version")" = 0.1.0-rc.4 ]
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    section=$(git show v0.1.0:CHANGELOG.md | sed -n '/^## 0.1.0$/,$p')
    [[ $section == *"after adoption"* ]] && [[ $section == *"during QA"* ]]
    [[ $section != *"Old history"* ]]
    # Once there is a tag, --since is refused: the tag is where the next one counts from.
    run "$scripts/release" start 0.2.0 --since HEAD~1
    [ "$status" -eq 1 ]
    [[ $output == *"--since is for the first release"* ]]
    run "$scripts/hotfix" start 0.1.1 --since HEAD
    [ "$status" -eq 2 ]
}
