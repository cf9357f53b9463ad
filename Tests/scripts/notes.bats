#!/usr/bin/env bats
# scripts/notes reads conventional commits in a temporary repository with no tag yet, and writes
# notes the way a changelog reads: breaking changes first, then features, fixes, other.

load git_env

setup() {
    git_env
    notes="$BATS_TEST_DIRNAME/../../scripts/notes"
    new_repo "$BATS_TEST_TMPDIR/repo" 0.1.0
}

# Commits subject $1 (and body $2, when given); prints its short sha.
commit() {
    if [ $# -gt 1 ]; then git commit -q --allow-empty -m "$1" -m "$2"; else git commit -q --allow-empty -m "$1"; fi
    git rev-parse --short HEAD
}

# The lines of section $1 ("### Features") of the notes in $output, one per line.
section() {
    awk -v h="$1" '$0 == h { on = 1; next } /^#/ { on = 0 } on && /^- / { print }' <<<"$output"
}

@test "types, scopes, '!' and BREAKING CHANGE footers land where a changelog puts them" {
    sort=$(commit "feat(search): add --sort")
    cents=$(commit "fix: prices with cents")
    cache=$(commit "fix(cache)!: drop entries written before 0.2")
    xdg=$(commit "feat: read the XDG folders" "Longer explanation.

BREAKING CHANGE: the configuration moves to ~/.config/meli")
    footer2=$(commit "refactor(auth): one token store" "BREAKING-CHANGE: one token store")
    perf=$(commit "perf(search): cache the parsed filters")
    upper=$(commit "Feat(item): show pictures")
    plain=$(commit "Tidy the table renderer")
    for excluded in "docs: explain the cache" "chore(release): start release 0.1.0" "ci: run bats" \
        "test: cover the parser" "build: static stdlib" "style: wrap lines"; do
        commit "$excluded" >/dev/null
    done

    run "$notes" --title "meli 0.1.0"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "## meli 0.1.0" ]
    # The headings, breaking changes first.
    [ "$(grep '^###' <<<"$output" | tr '\n' '|')" = "### Breaking changes|### Features|### Fixes|### Other|" ]

    run "$notes"
    # The type is not repeated on a line: the scope, the subject, a footer's own words.
    [ "$(section '### Breaking changes')" = "- **auth:** one token store ($footer2)
- read the XDG folders — the configuration moves to ~/.config/meli ($xdg)
- **cache:** drop entries written before 0.2 ($cache)" ]
    [ "$(section '### Features')" = "- **item:** show pictures ($upper)
- **search:** add --sort ($sort)" ]
    [ "$(section '### Fixes')" = "- prices with cents ($cents)" ]
    [ "$(section '### Other')" = "- Tidy the table renderer ($plain)
- **search:** cache the parsed filters ($perf)
- Initial commit ($(git rev-parse --short main~14))" ]
    # A breaking change is listed once, under Breaking changes only.
    [ "$(grep -c "$cache" <<<"$output")" -eq 1 ]
    [ "$(grep -c "$xdg" <<<"$output")" -eq 1 ]
    # Nothing of the excluded types.
    [ "$(grep -cE 'explain the cache|start release|run bats|cover the parser|static stdlib|wrap lines' <<<"$output")" -eq 0 ]
    # Every change is one line starting with '- '.
    [ "$(grep -c '^- ' <<<"$output")" -eq 9 ]
}

@test "separators and control characters in subjects and bodies forge no line and reach no terminal" {
    forged=$(commit $'feat: rs\x1efake\x1fsubj' $'body\x1eother\x1fforged\x1e')
    colour=$(commit $'fix: \e[2J\e]0;PWN\a red\r' $'BREAKING CHANGE: \e[31mgone\a')
    plain=$(commit "feat: plain")
    run "$notes"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(section "### Features")" = "- plain ($plain)
- rsfakesubj ($forged)" ]
    [ "$(section "### Breaking changes")" = "- [2J]0;PWN red — [31mgone ($colour)" ]
    [ -z "$(section "### Other")" ] && [ -z "$(section "### Fixes")" ]
    # Not one control byte but the newlines between lines.
    ! printf '%s' "$output" | LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]'
}

# A commit whose message is raw bytes: subject $1, body $2, marked 'encoding UTF-8' (a commit with
# no such line is read as Latin-1 by git log when it is not UTF-8, and comes out valid); prints
# its short sha.
raw_commit() {
    local object
    object=$(printf 'tree %s\nparent %s\nauthor A <a@example.com> 1700000000 +0000\ncommitter A <a@example.com> 1700000000 +0000\nencoding UTF-8\n\n%s\n\n%s\n' \
        "$(git write-tree)" "$(git rev-parse HEAD)" "$1" "$2" | git hash-object -t commit -w --stdin)
    git update-ref HEAD "$object"
    git rev-parse --short HEAD
}

@test "bytes that are not UTF-8 are dropped, never joined across fields; without iconv every byte past ASCII is '?'" {
    # The log is made valid once for all commits: a subject ending in half a character, whose
    # body starts with the other half, keeps neither.
    cut=$(raw_commit $'feat: caf\xc3' $'\xa9 rest')
    bad=$(raw_commit $'fix: bad \xff byte \xc3\xa9t\xc3\xa9' body)
    run "$notes"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(section "### Features")" = "- caf ($cut)" ]
    [ "$(section "### Fixes")" = "- bad  byte été ($bad)" ]
    # An iconv that fails and writes nothing (as one that stops at the first bad byte would lose
    # every commit after it) loses no commit: the notes fall back to '?' for every byte past ASCII.
    mkdir "$BATS_TEST_TMPDIR/broken-iconv"
    printf '#!/bin/sh\nexit 1\n' >"$BATS_TEST_TMPDIR/broken-iconv/iconv"
    chmod 0755 "$BATS_TEST_TMPDIR/broken-iconv/iconv"
    PATH="$BATS_TEST_TMPDIR/broken-iconv:$PATH" run "$notes"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(section "### Features")" = "- caf? ($cut)" ]
    [ "$(section "### Fixes")" = "- bad ? byte ??t?? ($bad)" ]
    # This PATH without iconv: each folder holding one replaced by links to its other commands.
    no_iconv="" n=0
    IFS=: read -r -a dirs <<<"$PATH"
    for dir in "${dirs[@]}"; do
        if [ -e "$dir/iconv" ]; then
            n=$((n + 1))
            mkdir "$BATS_TEST_TMPDIR/no-iconv-$n"
            for command in "$dir"/*; do
                [ "${command##*/}" = iconv ] || ln -s "$command" "$BATS_TEST_TMPDIR/no-iconv-$n/"
            done
            dir="$BATS_TEST_TMPDIR/no-iconv-$n"
        fi
        no_iconv+="${no_iconv:+:}$dir"
    done
    [ -z "$(PATH="$no_iconv" command -v iconv)" ]
    PATH="$no_iconv" run "$notes"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(section "### Features")" = "- caf? ($cut)" ]
    [ "$(section "### Fixes")" = "- bad ? byte ??t?? ($bad)" ]
    # glibc's iconv keeps a 5-byte form (F8 9B ...: a raw C1 CSI inside): nothing past ASCII is kept.
    five=$(raw_commit $'feat: five \xf8\x9b\x9b\x9b\x9b byte \xc3\xa9' body)
    run "$notes"
    [ "$(section "### Features")" = "- five ????? byte ?? ($five)
- caf ($cut)" ]
}

@test "merges are left out, and the notes start after the last tag or --since" {
    commit "feat: before the release" >/dev/null
    git tag -a v0.1.0 -m "0.1.0"
    git checkout -q -b feature/x
    after=$(commit "feat(x): after the release")
    git checkout -q main
    git merge -q --no-ff -m "Merge branch 'feature/x'" feature/x
    run "$notes"
    [ "$status" -eq 0 ]
    [ "$output" = "### Features
- **x:** after the release ($after)" ]
    later=$(commit "fix: later still")
    run "$notes" --since "$after"
    [ "$output" = "### Fixes
- later still ($later)" ]
}

@test "with nothing for users, the notes say so; a bad --since is named" {
    git tag -a v0.1.0 -m "0.1.0"
    commit "docs: only docs" >/dev/null
    run "$notes"
    [ "$status" -eq 0 ]
    [ "$output" = "No changes for users since v0.1.0." ]
    run "$notes" --since nowhere
    [ "$status" -eq 1 ]
    [[ $output == *"--since 'nowhere' names no commit in this repository"* ]]
    run "$notes" --since
    [ "$status" -eq 2 ]
    run "$notes" --frobnicate
    [ "$status" -eq 2 ]
}

@test "only the known types, and those Config/commit-types lists, are types" {
    redactor=$(commit "Redactor: one helper for every secret")
    wip=$(commit "wip(search): half a filter")
    run "$notes"
    [ "$status" -eq 0 ]
    [ "$(section '### Other')" = "- wip(search): half a filter ($wip)
- Redactor: one helper for every secret ($redactor)
- Initial commit ($(git rev-parse --short HEAD~2))" ]
    mkdir -p Config
    printf 'wip  # work in progress, listed as Other\n' >Config/commit-types
    run "$notes"
    [[ $(section '### Other') == "- **search:** half a filter ($wip)"* ]]
}

@test "before the first tag, the notes start after the adoption commit" {
    commit "Old history" >/dev/null
    commit "chore(adopt): feed URLs and signing keys for team/meli" >/dev/null
    adopted=$(commit "feat: after the adoption")
    run "$notes"
    [ "$status" -eq 0 ]
    [ "$output" = "### Features
- after the adoption ($adopted)" ]
    # A rotation commit of scripts/adopt is no adoption point.
    commit "chore(adopt): a new qa signing key beside the old one" >/dev/null
    run "$notes"
    [ "$output" = "### Features
- after the adoption ($adopted)" ]
}

@test "--of-release: at a release's own tag, its notes are since the release before (or the adoption point); --until stops at a commit" {
    commit "chore(adopt): feed URLs and signing keys for acme/meli" >/dev/null
    first=$(commit "feat: first feature")
    git tag -a v0.1.0 -m "0.1.0"
    # At the tag, plain notes are since that tag; the release's own notes since the adoption point.
    run "$notes"
    [ "$output" = "No changes for users since v0.1.0." ] || { echo "$output"; return 1; }
    run "$notes" --of-release
    [ "$output" = "### Features
- first feature ($first)" ] || { echo "$output"; return 1; }
    fix=$(commit "fix: after the release")
    git tag -a v0.1.1 -m "0.1.1"
    later=$(commit "feat: on develop, not released")
    run "$notes" --of-release --until v0.1.1
    [ "$output" = "### Fixes
- after the release ($fix)" ] || { echo "$output"; return 1; }
    [[ $output != *"$later"* ]]
    run "$notes" --until nowhere
    [ "$status" -eq 1 ] && [[ $output == *"--until 'nowhere' names no commit"* ]] || { echo "$output"; return 1; }
}
