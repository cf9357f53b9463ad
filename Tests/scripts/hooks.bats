#!/usr/bin/env bats
# scripts/hooks: the commit-msg hook a developer installs, in a throwaway clone holding this
# checkout's scripts (the hook runs the clone's own scripts/hooks).

load git_env

setup() {
    git_env
    repo="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"
    new_repo "$BATS_TEST_TMPDIR/repo" 0.1.0
    cp -R "$repo/scripts" .
    git add scripts && git commit -q -m "chore: the scripts"
    hook=$(git rev-parse --git-path hooks)/commit-msg
}

@test "installed, the hook refuses a subject that is not conventional, says how to write it, and keeps the message" {
    run scripts/hooks install
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"installed $PWD/.git/hooks/commit-msg"* ]]
    [ -x .git/hooks/commit-msg ]
    run scripts/hooks install
    [[ $output == *"installed already"* ]]
    echo a >a.txt && git add a.txt
    before=$(git rev-parse HEAD)
    run git commit -q -m "wip stuff"
    [ "$status" -ne 0 ]
    [[ $output == *"the commit subject 'wip stuff' is not a conventional commit: no 'type: ' in front; nothing was committed"* ]]
    [[ $output == *"here 'TYPE: wip stuff'"* ]]
    [ "$(git rev-parse HEAD)" = "$before" ]
    run git commit -q -m "Redactor: one helper"
    [ "$status" -ne 0 ]
    [[ $output == *"'Redactor' is not a commit type"*"here 'TYPE(redactor): one helper'"* ]]
    # The kept message, reworded in the editor (here: sed), commits.
    GIT_EDITOR="sed -i.bak -e 's/^Redactor: /refactor(redactor): /'" git commit -q -e -F "$(git rev-parse --git-path COMMIT_EDITMSG)"
    [ "$(git log -1 --format=%s)" = "refactor(redactor): one helper" ]
    # Merges, fixups and --no-verify pass; a configured type is a type.
    echo b >b.txt && git add b.txt && git commit -q -m "fixup! refactor(redactor): one helper"
    echo c >c.txt && git add c.txt && git commit -q --no-verify -m "whatever"
    mkdir -p Config && echo wip >Config/commit-types
    git add Config && git commit -q -m "wip: a type of ours"
    git checkout -q -b other HEAD~2 && echo d >d.txt && git add d.txt && git commit -q -m "feat: d"
    git checkout -q main && git merge -q --no-ff --no-edit other
    [[ $(git log -1 --format=%s) == "Merge branch 'other'"* ]]
}

@test "a commit-msg hook of someone else's is left alone, install and uninstall say so" {
    mkdir -p "$(dirname "$hook")"
    printf '#!/bin/sh\nexit 0\n' >"$hook"
    run scripts/hooks install
    [ "$status" -eq 1 ]
    [[ $output == *"exists and is not the one scripts/hooks writes; it was left as it is"* ]]
    [[ $output == *"scripts/hooks commit-msg \"\$1\" || exit 1"* ]]
    run scripts/hooks uninstall
    [ "$status" -eq 1 ]
    [ "$(cat "$hook")" = "$(printf '#!/bin/sh\nexit 0')" ]
    rm "$hook"
    scripts/hooks install >/dev/null
    run scripts/hooks uninstall
    [ "$status" -eq 0 ]
    [ ! -e "$hook" ]
    run scripts/hooks uninstall
    [[ $output == *"nothing to remove"* ]]
    run scripts/hooks
    [ "$status" -eq 2 ]
}
