#!/usr/bin/env bats
# The CI workflows stay thin, and every script explains itself.

setup() {
    repo="$BATS_TEST_DIRNAME/../.."
}

@test "every workflow step runs a script, so no logic lives in YAML" {
    count=0
    while IFS= read -r line; do
        count=$((count + 1))
        command=$(sed -E 's/^ *run: *\|? *//' <<<"$line")
        [ -z "$command" ] && continue  # a block: its lines are checked below
        [[ $command == scripts/* || $command == .ci/run ]] || { echo "logic in YAML: $line"; return 1; }
    done < <(grep -h '^ *run:' "$repo"/.github/workflows/*.yml)
    [ "$count" -ge 8 ]
    # Lines inside 'run: |' blocks.
    run awk '/run: \|/ { block = 1; next } block && /^ *- / { block = 0 } block && /^ *[^ ]/ && !/^ *(scripts\/|\.ci\/run)/ { print }' "$repo"/.github/workflows/*.yml
    [ -z "$output" ] || { echo "logic in YAML: $output"; return 1; }
}

@test "the workflows cover pull requests, develop, release and hotfix branches, and tags" {
    grep -q 'pull_request' "$repo/.github/workflows/pull-request.yml"
    grep -q 'scripts/gitflow check-pr' "$repo/.github/workflows/pull-request.yml"
    grep -q 'branches: \[develop\]' "$repo/.github/workflows/develop.yml"
    grep -q "'release/\*\*', 'hotfix/\*\*'" "$repo/.github/workflows/qa.yml"
    grep -q 'scripts/publish-qa' "$repo/.github/workflows/qa.yml"
    grep -q "tags: \['v\*'\]" "$repo/.github/workflows/release.yml"
}

@test "only a pull request's trial package of production allows an unreleased version" {
    grep -q 'scripts/package .*--allow-unreleased production' "$repo/.github/workflows/pull-request.yml"
    [ "$(grep -l -- '--allow-unreleased' "$repo"/.github/workflows/*.yml)" = "$repo/.github/workflows/pull-request.yml" ]
}

@test "every script answers --help with its usage and exit 0" {
    for script in "$repo"/scripts/*; do
        # lib.sh is sourced by the others, never run: it has no usage (and is not executable).
        [ "$script" != "$repo/scripts/lib.sh" ] || continue
        run "$script" --help
        [ "$status" -eq 0 ] || { echo "$script: $status"; return 1; }
        [[ $output == *Usage:* ]] || { echo "$script: no usage"; return 1; }
    done
}
