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
    grep -q 'scripts/publish qa --channel dist/channel/qa' "$repo/.github/workflows/qa.yml"
    grep -q "tags: \['v\*'\]" "$repo/.github/workflows/release.yml"
}

@test "only a pull request's trial package of production allows an unreleased version" {
    grep -q 'scripts/package .*--allow-unreleased production' "$repo/.github/workflows/pull-request.yml"
    [ "$(grep -l -- '--allow-unreleased' "$repo"/.github/workflows/*.yml)" = "$repo/.github/workflows/pull-request.yml" ]
}

@test "pull requests, QA and releases build and test on Linux x86_64, Linux aarch64 and macOS arm64" {
    for workflow in pull-request qa release; do
        file="$repo/.github/workflows/$workflow.yml"
        for runner in 'runner: ubuntu-latest' 'runner: ubuntu-24.04-arm' 'runs-on: macos-26'; do
            grep -q "$runner" "$file" || { echo "$workflow.yml: no '$runner'"; return 1; }
        done
        # Every platform job runs the whole test command.
        [ "$(grep -c 'run: .ci/run' "$file")" -eq 2 ] || { echo "$workflow.yml: .ci/run not in both platform jobs"; return 1; }
    done
    # The Linux jobs build with the toolchain the README names; the macOS job needs no container.
    [ "$(grep -h 'image: swift:' "$repo"/.github/workflows/{pull-request,qa,release}.yml | sort -u | tr -d ' ')" = "image:swift:6.3.1-bookworm" ]
}

@test "QA and release: each platform uploads its dist, one publish job collects them all, then publishes" {
    for pair in qa:qa release:production; do
        file="$repo/.github/workflows/${pair%%:*}.yml" env=${pair#*:}
        grep -q "name: $env-\${{ matrix.platform }}" "$file" || { echo "$file: no per-platform artifact"; return 1; }
        grep -q "name: $env-darwin_arm64" "$file" || { echo "$file: no macOS artifact"; return 1; }
        grep -q "needs: \[linux, macos\]" "$file"
        grep -q "pattern: $env-\*" "$file"
        grep -q "run: scripts/collect artifacts/$env-\* --out dist" "$file"
        # Only the publish job may write to the repository.
        [ "$(grep -c 'contents: write' "$file")" -eq 1 ] && grep -q '^  contents: read' "$file"
    done
    qa="$repo/.github/workflows/qa.yml" release="$repo/.github/workflows/release.yml"
    # In this order: pull the channel, add the builds (signed), push it.
    [ "$(grep -o 'run: scripts/[a-z-]* [a-z-]*' "$qa" | grep -E 'github-release|publish' | tr '\n' ,)" = \
        "run: scripts/github-release channel-pull,run: scripts/publish qa,run: scripts/github-release channel-push," ]
    # Then the Homebrew formulas, after what they point at is published, only with the tap's token.
    for file in "$qa" "$release"; do
        [ "$(grep -o 'run: scripts/[a-z-]*' "$file" | tail -1)" = "run: scripts/homebrew" ] || { echo "$file: homebrew is not last"; return 1; }
        grep -q 'HOMEBREW_TAP_TOKEN: \${{ secrets.HOMEBREW_TAP_TOKEN }}' "$file"
        [ "$(grep -c "if: env.HOMEBREW_TAP_TOKEN != ''" "$file")" -eq 2 ]
    done
    # The release's .deb packages go up with its tarballs; the three install side by side first.
    grep -q 'run: scripts/package --format deb production' "$release"
    grep -q 'dist/\*.deb' "$release"
    grep -B1 'run: scripts/check-runtime --deb' "$release" | grep -q "if: matrix.platform == 'linux_x86_64'"
    grep -q 'MELI_SIGNING_KEY: \${{ secrets.MELI_SIGNING_KEY }}' "$qa"
    grep -q 'run: scripts/publish production --channel dist/channel/production' "$release"
    grep -q 'MELI_SIGNING_KEY: \${{ secrets.MELI_SIGNING_KEY_PRODUCTION }}' "$release"
    grep -q 'run: scripts/github-release dist/channel/production' "$release"
    # The minimal-Debian check runs where its container options are: the Linux x86_64 job.
    grep -B1 'run: scripts/check-runtime --tarball' "$release" | grep -q "if: matrix.platform == 'linux_x86_64'"
}

@test "every script answers --help with its usage and exit 0" {
    for script in "$repo"/scripts/*; do
        # lib.sh and deb.sh are sourced by the others, never run: no usage (and not executable).
        case "$script" in "$repo/scripts/lib.sh" | "$repo/scripts/deb.sh") continue ;; esac
        run "$script" --help
        [ "$status" -eq 0 ] || { echo "$script: $status"; return 1; }
        [[ $output == *Usage:* ]] || { echo "$script: no usage"; return 1; }
    done
}
