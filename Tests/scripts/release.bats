#!/usr/bin/env bats
# scripts/release and scripts/hotfix end to end in temporary git repositories that start as a new
# team's: main with one commit and no tag, develop created from it, the test's own git identity.

load git_env

setup() {
    git_env
    scripts="$BATS_TEST_DIRNAME/../../scripts"
    new_repo "$BATS_TEST_TMPDIR/repo" 0.1.0
    git checkout -q -b develop
    work "feat(search): search by price" search.txt
    work "fix: prices with cents" price.txt
    work "Document the cache" docs.txt
}

work() {
    echo "$1" >>"$2"
    git add "$2" && git commit -q -m "$1"
}

parents() { git rev-list --parents -n 1 "$1" | wc -w; }

# The lines of CHANGELOG.md's section for version $1 in revision $2.
changelog_section() {
    git show "$2:CHANGELOG.md" | awk -v h="## $1" '$0 == h { on = 1; next } /^## / { on = 0 } on'
}

# Everything a failed command must leave as it was: refs, checked-out branch, index, files.
snapshot() {
    {
        git for-each-ref --format='%(refname) %(objectname)'
        git symbolic-ref --quiet HEAD || git rev-parse HEAD
        git status --porcelain --untracked-files=all
        git ls-files --stage
        cat VERSION
        [ ! -f CHANGELOG.md ] || cat CHANGELOG.md
    } | cksum
}

@test "the first release, from a repository with no tag: start, then finish with the tag merged back into develop" {
    run "$scripts/release" start 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(git branch --show-current)" = release/0.1.0 ]
    [ "$(cat VERSION)" = 0.1.0 ]
    [ "$("$scripts/version")" = 0.1.0-rc.5 ]   # every commit counts before the first tag
    section=$(changelog_section 0.1.0 HEAD)
    [[ $section == *"#### Features"*"- **search:** search by price"* ]]
    [[ $section == *"#### Fixes"*"- prices with cents"* ]]
    [[ $section == *"#### Other"*"- Document the cache"* ]]
    work "fix: last-minute fix" release.txt
    git checkout -q develop
    work "feat: next thing, during the release" next.txt

    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    # main: a --no-ff merge carrying the release's VERSION, tagged (annotated).
    [ "$(git cat-file -t v0.1.0)" = tag ]
    [ "$(git rev-parse 'v0.1.0^{commit}')" = "$(git rev-parse main)" ]
    [ "$(parents main)" -eq 3 ]
    [ "$(git show main:VERSION)" = 0.1.0 ]
    # develop: holds the tag itself, keeps what it did meanwhile, and is bumped past the release.
    git merge-base --is-ancestor v0.1.0 develop
    git show develop:release.txt | grep -q "last-minute"
    git show develop:next.txt | grep -q "next thing"
    [ "$(git show develop:VERSION)" = 0.2.0 ]
    [ "$(git branch --show-current)" = develop ]
    # develop's versions count from the tag.
    [ "$("$scripts/version")" = "0.2.0-dev.$(git rev-list --count v0.1.0..develop)+$(git rev-parse --short=7 HEAD)" ]
    [ "$(git rev-list --count v0.1.0..develop)" -eq 3 ]   # next thing, the merge of the tag, the bump
    # The release branch is gone here, and the output says how to push and delete it on origin.
    [ -z "$(git branch --list 'release/*')" ]
    [[ $output == *"git push origin main develop v0.1.0"* ]]
    [[ $output == *"git push origin --delete release/0.1.0"* ]]
    # The tag, checked out or named, builds 0.1.0; so does main, where it points.
    git checkout -q main
    [ "$("$scripts/version")" = 0.1.0 ]
    [ "$("$scripts/version" --ref refs/tags/v0.1.0)" = 0.1.0 ]
}

@test "the next release's CHANGELOG section holds only what is new since the last one" {
    "$scripts/release" start 0.1.0 >/dev/null
    work "fix: last-minute fix" release.txt
    git checkout -q develop
    work "feat: during the release" during.txt
    "$scripts/release" finish 0.1.0 >/dev/null
    work "feat(item): show pictures" item.txt

    run "$scripts/release" start 0.2.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    section=$(changelog_section 0.2.0 HEAD)
    [ "$(grep '^- ' <<<"$section" | sed 's/ ([0-9a-f]*)$//')" = "- **item:** show pictures
- during the release" ]
    # The 0.1.0 section is still there, below, unchanged.
    [ "$(changelog_section 0.1.0 HEAD)" = "$(changelog_section 0.1.0 v0.1.0)" ]
    [ "$("$scripts/version")" = "0.2.0-rc.$(git rev-list --count v0.1.0..HEAD)" ]
}

# The lines under '#### $2' in CHANGELOG.md's section for version $1 in revision $3.
changelog_group() {
    changelog_section "$1" "$3" | awk -v h="#### $2" '$0 == h { on = 1; next } /^#/ || /^$/ { on = 0 } on'
}

@test "finish: a fix committed on the release branch after start reaches the tag's CHANGELOG section" {
    "$scripts/release" start 0.1.0 >/dev/null
    work "fix(search): QA's find" qa.txt
    fix=$(git rev-parse --short HEAD)
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"CHANGELOG.md's 0.1.0 section lacked 1 change; added (written again from scripts/notes)"*"QA's find ($fix)"* ]]
    # Under Fixes, newest first, with what start wrote; and in the release as tagged.
    [ "$(changelog_group 0.1.0 Fixes v0.1.0)" = "- **search:** QA's find ($fix)
- prices with cents ($(git rev-parse --short ':/^fix: prices with cents'))" ]
    [[ $(changelog_section 0.1.0 v0.1.0) == *"#### Features"*"search by price"* ]]
    # One commit on the branch, one notes leave out.
    [ "$(git log -1 --format=%s 'v0.1.0^2')" = "chore(release): changelog for 0.1.0" ]
    [[ $("$scripts/notes" --since "v0.1.0^2^") != *"changelog"* ]]
}

@test "finish: a fix after start, in a repository whose history is more than a pipe holds" {
    # Past the start commit, git log still had more to write than a pipe holds (64 KiB) when the
    # search for that commit had found it and stopped reading: git died of SIGPIPE, and with
    # pipefail every such finish was undone (exit 141), as on this project's own history.
    work "docs: $(printf 'a long history %.0s' {1..8000})" history.txt
    "$scripts/release" start 0.1.0 >/dev/null
    work "fix(search): QA's find" qa.txt
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(git rev-parse --verify --quiet 'v0.1.0^{commit}')" = "$(git rev-parse main)" ]
    [[ $(changelog_group 0.1.0 Fixes v0.1.0) == *"QA's find"* ]]
}

@test "finish: a hotfix's fix is in its tag's section, which no longer says there were no changes" {
    "$scripts/release" start 0.1.0 >/dev/null && "$scripts/release" finish 0.1.0 >/dev/null
    "$scripts/hotfix" start 0.1.1 >/dev/null
    [[ $(changelog_section 0.1.1 HEAD) == *"No changes for users since v0.1.0."* ]]   # written before the fix
    work "fix(item): crash without pictures" item.txt
    run "$scripts/hotfix" finish 0.1.1
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(changelog_group 0.1.1 Fixes v0.1.1)" = "- **item:** crash without pictures ($(git rev-parse --short 'v0.1.1^2^'))" ]
    [[ $(changelog_section 0.1.1 v0.1.1) != *"No changes"* ]]
    [ "$(git log -1 --format=%s 'v0.1.1^2')" = "chore(hotfix): changelog for 0.1.1" ]
    # develop has the section too, above 0.1.0's, which is as it was.
    [ "$(changelog_section 0.1.1 develop)" = "$(changelog_section 0.1.1 v0.1.1)" ]
    [ "$(changelog_section 0.1.0 develop)" = "$(changelog_section 0.1.0 v0.1.0)" ]
}

@test "finish: a section edited by hand keeps the edits and gains only the missing line" {
    "$scripts/release" start 0.1.0 >/dev/null
    # The user rewrites a line (its sha stays) and adds words of their own.
    awk '/^- \*\*search:\*\* search by price/ { sub(/search by price/, "Search results can be sorted by price") }
         { print } /^#### Fixes$/ { print "Thanks to everyone who reported these." }' CHANGELOG.md >edited.md
    mv edited.md CHANGELOG.md
    git commit -q -am "docs: the 0.1.0 changelog, in our words"
    edited=$(changelog_section 0.1.0 HEAD)
    [[ $edited == *"Search results can be sorted by price"*"#### Fixes"$'\n'"Thanks to everyone"* ]]
    work "fix: QA's find" qa.txt
    fix="- QA's find ($(git rev-parse --short HEAD))"
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"lacked 1 change; added (your edits kept)"* ]]
    # Exactly the edited section with the one line added right under Fixes, newest first.
    [ "$(changelog_section 0.1.0 v0.1.0)" = "$(awk -v fix="$fix" '{ print } /^#### Fixes$/ { print fix }' <<<"$edited")" ]

    # A missing heading is created where notes would put it: Breaking changes first.
    "$scripts/hotfix" start 0.1.1 >/dev/null
    printf '# Changelog\n\n## 0.1.1\n\nNo changes for users since v0.1.0.\n\n#### Fixes\n- our own words\n\n%s\n' \
        "$(git show v0.1.0:CHANGELOG.md | sed 1d | sed '/./,$!d')" >CHANGELOG.md
    git commit -q -am "docs: our words"
    work "feat!: drop the old cache" cache.txt
    run "$scripts/hotfix" finish 0.1.1
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(changelog_section 0.1.1 v0.1.1)" = "
#### Breaking changes
- drop the old cache ($(git rev-parse --short 'v0.1.1^2^'))

#### Fixes
- our own words" ]
    [ "$(changelog_section 0.1.0 v0.1.1)" = "$(changelog_section 0.1.0 v0.1.0)" ]
}

@test "finish: with nothing missing from the section, no commit is added" {
    "$scripts/release" start 0.1.0 >/dev/null
    work "docs: the README, for the release" readme.txt   # not for users: not in the notes
    tip=$(git rev-parse HEAD)
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output != *"CHANGELOG"* ]]
    [ "$(git rev-parse 'v0.1.0^2')" = "$tip" ]
    # The same when the user added the line by hand already, in their own words.
    "$scripts/hotfix" start 0.1.1 >/dev/null
    work "fix: crash" crash.txt
    sha=$(git rev-parse --short HEAD)
    sed "s/^No changes for users since v0.1.0.\$/- Fixed the crash ($sha)/" CHANGELOG.md >edited.md
    mv edited.md CHANGELOG.md
    git commit -q -am "docs: the crash, in the changelog"
    tip=$(git rev-parse HEAD)
    run "$scripts/hotfix" finish 0.1.1
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output != *"CHANGELOG"* ]]
    [ "$(git rev-parse 'v0.1.1^2')" = "$tip" ]
}

@test "the first hotfix, from a repository with no tag" {
    run "$scripts/hotfix" start 0.0.1
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(git branch --show-current)" = hotfix/0.0.1 ]
    [ "$(git merge-base HEAD main)" = "$(git rev-parse main)" ]
    work "fix: crash on start" crash.txt
    run "$scripts/hotfix" finish 0.0.1
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(git show main:VERSION)" = 0.0.1 ]
    git merge-base --is-ancestor v0.0.1 develop
    [ "$(git show develop:VERSION)" = 0.1.0 ]   # develop keeps building its next release
    [[ $output == *"git push origin --delete hotfix/0.0.1"* ]]
}

@test "finish bumps develop past a minor version beyond 64-bit numbers without wrapping" {
    "$scripts/release" start 0.9223372036854775807.0 >/dev/null
    run "$scripts/release" finish 0.9223372036854775807.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(git show develop:VERSION)" = 0.9223372036854775808.0 ]
    [[ $output == *"(develop's VERSION is now 0.9223372036854775808.0)"* ]]
}

@test "a hotfix after a release: from main, its tag into main and develop" {
    "$scripts/release" start 0.1.0 >/dev/null && "$scripts/release" finish 0.1.0 >/dev/null
    run "$scripts/hotfix" start 0.1.1
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(git merge-base HEAD main)" = "$(git rev-parse main)" ]
    work "fix: crash on empty search" hotfix.txt
    run "$scripts/hotfix" finish 0.1.1
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(git cat-file -t v0.1.1)" = tag ]
    [ "$(git show main:VERSION)" = 0.1.1 ]
    git merge-base --is-ancestor v0.1.1 develop
    git show develop:hotfix.txt | grep -q crash
    [ "$(git show develop:VERSION)" = 0.2.0 ]
    git show develop:CHANGELOG.md | grep -q '^## 0.1.1$'
    git show develop:CHANGELOG.md | grep -q '^## 0.1.0$'
    [ "$("$scripts/version" --last-tag)" = v0.1.1 ]
    [ -z "$(git branch --list 'hotfix/*')" ]
}

@test "a hotfix with a release open: its tag goes into develop and into the release branch" {
    "$scripts/release" start 0.1.0 >/dev/null && "$scripts/release" finish 0.1.0 >/dev/null
    work "feat: next thing" next.txt
    "$scripts/release" start 0.2.0 >/dev/null
    work "fix: on the release" rc.txt
    "$scripts/hotfix" start 0.1.1 >/dev/null
    work "fix: urgent" urgent.txt
    run "$scripts/hotfix" finish 0.1.1
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"merged into develop release/0.2.0"* ]]
    [[ $output == *"git push origin main develop release/0.2.0 v0.1.1"* ]]
    git merge-base --is-ancestor v0.1.1 develop
    git merge-base --is-ancestor v0.1.1 release/0.2.0
    git show release/0.2.0:urgent.txt | grep -q urgent
    git show develop:urgent.txt | grep -q urgent
    [ "$(git show release/0.2.0:VERSION)" = 0.2.0 ]   # each keeps its own version
    [ "$(git show develop:VERSION)" = 0.2.0 ]
    [ "$(git show main:VERSION)" = 0.1.1 ]
    # The release branch's CHANGELOG has its own section above the hotfix's.
    [ "$(git show release/0.2.0:CHANGELOG.md | grep '^## ' | tr '\n' ' ')" = "## 0.2.0 ## 0.1.1 ## 0.1.0 " ]
    # The release then finishes as usual, and its rc numbers count from the hotfix's tag.
    git checkout -q release/0.2.0
    [ "$("$scripts/version")" = "0.2.0-rc.$(git rev-list --count v0.1.1..HEAD)" ]
    run "$scripts/release" finish 0.2.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(git show main:VERSION)" = 0.2.0 ]
    [ "$(git show develop:VERSION)" = 0.3.0 ]
}

@test "without a git identity, release start and finish and hotfix start say what to run and change nothing" {
    no_git_identity
    before=$(snapshot)
    run "$scripts/release" start 0.1.0
    [ "$status" -eq 1 ]
    [[ $output == *"git does not know who you are"* ]]
    [[ $output == *'git config user.name "Your Name"'* ]]
    [[ $output == *"git config user.email you@example.com"* ]]
    [[ $output == *"--global"* ]]
    [ "$(snapshot)" = "$before" ]
    run "$scripts/hotfix" start 0.0.1
    [ "$status" -eq 1 ]
    [[ $output == *"git does not know who you are"* ]]
    [ "$(snapshot)" = "$before" ]

    # With an identity the release starts; without one again, finish changes nothing either.
    GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.com \
        "$scripts/release" start 0.1.0 >/dev/null
    before=$(snapshot)
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 1 ]
    [[ $output == *"commits and tags in your name"* ]]
    [ "$(snapshot)" = "$before" ]

    # Told who they are, as the message says, the same commands work.
    git config user.name "Your Name"
    git config user.email you@example.com
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "a release start that fails after it began leaves the repository as it was" {
    git checkout -q main
    before=$(snapshot)
    # A hook refusing the commit: the branch, VERSION and CHANGELOG.md were already changed by then.
    printf '#!/bin/sh\necho "hook: refused" >&2\nexit 1\n' >.git/hooks/pre-commit
    chmod +x .git/hooks/pre-commit
    run "$scripts/release" start 0.1.0
    [ "$status" -ne 0 ]
    [[ $output == *"did not complete; the repository is as it was (on main, no release/0.1.0)"* ]]
    [ "$(snapshot)" = "$before" ]
    [ ! -e CHANGELOG.md ]
    # Once the hook lets it, the retry simply works.
    rm .git/hooks/pre-commit
    run "$scripts/release" start 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "a finish that fails after main was merged and tagged puts main, develop and the tags back" {
    "$scripts/release" start 0.1.0 >/dev/null
    before=$(snapshot)
    # A hook refusing commits on develop: by then main has the merge and the tag exists.
    printf '#!/bin/sh\n[ "$(git branch --show-current)" != develop ] || { echo "hook: refused" >&2; exit 1; }\n' >.git/hooks/pre-commit
    chmod +x .git/hooks/pre-commit
    run "$scripts/release" finish 0.1.0
    [ "$status" -ne 0 ]
    [[ $output == *"hook: refused"* ]]
    [[ $output == *"did not complete; main, develop, release/0.1.0, and the tags are as they were (on release/0.1.0)"* ]]
    [ "$(snapshot)" = "$before" ]
    [ -z "$(git tag)" ]
    rm .git/hooks/pre-commit
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "finish: a conflict merging into main changes nothing and says what to merge" {
    git checkout -q main
    work "main's own change" shared.txt
    git checkout -q develop
    "$scripts/release" start 0.1.0 >/dev/null
    work "the release's change" shared.txt
    before=$(snapshot)
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 1 ]
    [[ $output == *"stopped on a conflict in shared.txt; nothing was changed"* ]]
    [[ $output == *"git merge main"* ]]
    # release/0.1.0 had gained its CHANGELOG commit (the release's change) by then: undone too.
    [[ $output != *"CHANGELOG"* ]]
    [ "$(snapshot)" = "$before" ]
    [ -z "$(git tag)" ]
}

@test "finish: a conflict merging the tag back into develop is resolved, then finish completes" {
    "$scripts/release" start 0.1.0 >/dev/null
    work "the release's line" shared.txt
    git checkout -q develop
    work "develop's line" shared.txt
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 1 ]
    [[ $output == *"merging v0.1.0 into develop stopped on a conflict in shared.txt"* ]]
    [[ $output == *"run 'scripts/release finish 0.1.0' again"* ]]
    [ "$(git show main:VERSION)" = 0.1.0 ]
    [ "$(git cat-file -t v0.1.0)" = tag ]
    [ "$(cat VERSION)" = 0.1.0 ]   # develop's own, merged already
    echo "both lines" >shared.txt
    git add shared.txt
    git commit -q --no-edit
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    git merge-base --is-ancestor v0.1.0 develop
    [ "$(git show develop:VERSION)" = 0.2.0 ]
    [ -z "$(git branch --list 'release/*')" ]
    [ "$(git rev-list --count --merges main)" -eq 1 ]   # main was merged once, not twice
}

@test "refusals: old versions, a dirty tree, a second release, no develop, finishing what was not started" {
    "$scripts/release" start 0.1.0 >/dev/null && "$scripts/release" finish 0.1.0 >/dev/null
    run "$scripts/release" start 0.1.0
    [ "$status" -eq 1 ]
    [[ $output == *"not greater than the last release, v0.1.0"* ]]
    run "$scripts/hotfix" start 0.0.9
    [ "$status" -eq 1 ]
    [[ $output == *"not greater than the last release, v0.1.0"* ]]
    run "$scripts/release" start 0.2
    [ "$status" -eq 1 ]
    [[ $output == *"the version must be X.Y.Z"* ]]
    echo dirty >>app.txt
    run "$scripts/release" start 0.2.0
    [ "$status" -eq 1 ]
    [[ $output == *"uncommitted changes"* ]]
    git checkout -q -- app.txt
    "$scripts/release" start 0.2.0 >/dev/null
    git checkout -q develop
    run "$scripts/release" start 0.3.0
    [ "$status" -eq 1 ]
    [[ $output == *"a release is already open: release/0.2.0"* ]]
    run "$scripts/hotfix" finish 0.1.1
    [ "$status" -eq 1 ]
    [[ $output == *"there is no hotfix/0.1.1 branch"* ]]
    run "$scripts/release"
    [ "$status" -eq 2 ]
    run "$scripts/release" start
    [ "$status" -eq 2 ]
}

@test "a repository without develop is told how to create it" {
    new_repo "$BATS_TEST_TMPDIR/fresh" 0.1.0
    run "$scripts/release" start 0.1.0
    [ "$status" -eq 1 ]
    [[ $output == *"there is no develop branch"* ]]
    [[ $output == *"git branch develop main"* ]]
    [ "$(git branch --format='%(refname:short)')" = main ]
}
