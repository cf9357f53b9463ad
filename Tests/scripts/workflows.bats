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

@test "the workflows cover pull requests, and every push that builds an environment: the table decides which" {
    grep -q 'pull_request' "$repo/.github/workflows/pull-request.yml"
    grep -q 'scripts/gitflow check-pr' "$repo/.github/workflows/pull-request.yml"
    # Each push workflow runs on every branch and release tag, and its first job asks
    # Config/environments what the ref builds; the other jobs run only when it builds one.
    for pair in develop:none qa:channel release:release; do
        file="$repo/.github/workflows/${pair%%:*}.yml" kind=${pair#*:}
        grep -q "branches: \['\*\*'\]" "$file" || { echo "$file: not every branch"; return 1; }
        grep -q "tags: \['v\*'\]" "$file" || { echo "$file: not the release tags"; return 1; }
        grep -q "run: scripts/environments ci \"\$GITHUB_REF\" $kind\$" "$file" || { echo "$file: no environment job for $kind"; return 1; }
        [ "$(grep -c "if: needs.environment.outputs.name != ''" "$file")" -ge 1 ] || { echo "$file: jobs not skipped"; return 1; }
    done
}

# The triggers of the push workflow publishing as KIND (scripts/environments ci REF KIND): its
# 'branches:' and 'tags:' lists, one 'branch PATTERN' or 'tag PATTERN' a line.
triggers() {
    local file
    file=$(grep -l "run: scripts/environments ci \"\$GITHUB_REF\" $1\$" "$repo"/.github/workflows/*.yml)
    [ "$(wc -l <<<"$file")" -eq 1 ] && [ -n "$file" ] || { echo "no one workflow publishes as $1: '$file'" >&2; return 1; }
    awk '/^ *branches: \[/ { kind = "branch" } /^ *tags: \[/ { kind = "tag" }
         kind != "" { sub(/^[^[]*\[/, ""); sub(/\].*$/, ""); n = split($0, p, /, */); for (i = 1; i <= n; i++) { gsub(/'"'"'/, "", p[i]); print kind, p[i] }; kind = "" }' "$file"
}

@test "every row's builds trigger the workflow that publishes it, and no workflow names an environment" {
    rows=$(bash -c '. "$1/scripts/lib.sh" && env_rows' - "$repo")
    [ -n "$rows" ]
    while read -r name binary env_file channel builds; do
        kind=$(bash -c '. "$1/scripts/lib.sh" && env_publishes "$2"' - "$repo" "$name") || kind=none
        on=$(triggers "$kind") || return 1
        [ "$builds" != - ] || continue
        IFS=, read -r -a patterns <<<"$builds"
        for pattern in "${patterns[@]}"; do
            if [ "$pattern" = 'v*' ]; then want=tag; else want=branch; fi
            found=false
            while read -r type trigger; do
                [ "$type" = "$want" ] || continue
                # GitHub's filters: '**' is every ref, 'a/**' every ref under a/, else the same glob.
                if [ "$trigger" = '**' ] || [ "$trigger" = "$pattern" ] ||
                    { [[ $trigger == */'**' ]] && [[ $pattern == "${trigger%'**'}"?* ]]; }; then found=true; fi
            done <<<"$on"
            $found || { echo "$name builds $pattern, which no $want trigger of its ($kind) workflow matches: $on"; return 1; }
        done
        # Outside comments, no workflow names a row's name, binary, env file or channel.
        for word in "$name" "$binary" "$env_file" "$channel"; do
            [ "$word" != - ] || continue
            re="(^|[^A-Za-z0-9_])${word//./\\.}([^A-Za-z0-9_]|\$)"
            run bash -c 'grep -HnE -- "$1" "$2"/.github/workflows/*.yml | grep -vE "^[^:]*:[0-9]+: *#"' - "$re" "$repo"
            [ -z "$output" ] || { echo "names the $name environment ('$word'): $output"; return 1; }
        done
    done <<<"$rows"
}

@test "a table of any rows triggers and publishes through the same workflows (a staging row with a channel)" {
    copy="$BATS_TEST_TMPDIR/copy"
    mkdir -p "$copy/Config"
    cp -R "$repo/scripts" "$copy/"
    cp "$repo/Config/environments" "$copy/Config/"
    echo "trial meli-trial Trial.env trial-channel trial/?*" >>"$copy/Config/environments"
    run "$copy/scripts/environments" ci refs/heads/trial/1.0 channel
    [ "$status" -eq 0 ] && [[ $output == *"name=trial"*"binary=meli-trial"*"channel=trial-channel"* ]] || { echo "$output"; return 1; }
    for kind in none release; do
        run "$copy/scripts/environments" ci refs/heads/trial/1.0 "$kind"
        [ "$status" -eq 0 ] && [[ $output == *"name="$'\n'* ]] || { echo "$kind: $output"; return 1; }
    done
    # Written to the job's outputs when GitHub names the file.
    GITHUB_OUTPUT="$BATS_TEST_TMPDIR/out" run "$copy/scripts/environments" ci refs/tags/v1.2.3 release
    [ "$status" -eq 0 ]
    grep -qx 'name=production' "$BATS_TEST_TMPDIR/out"
    # A tag that is not a release fails the release workflow, as before; the others skip it.
    run "$copy/scripts/environments" ci refs/tags/v1.2 release
    [ "$status" -eq 1 ]
    run "$copy/scripts/environments" ci refs/tags/v1.2 channel
    [ "$status" -eq 0 ]
    run "$copy/scripts/environments" ci refs/heads/main none
    [ "$status" -eq 0 ] && [[ $output == *"name="$'\n'* ]]
    run "$copy/scripts/environments" ci refs/heads/develop sideways
    [ "$status" -eq 2 ]
}

@test "only a pull request's trial packages, of every environment, allow an unreleased version" {
    [ "$(grep -c 'run: scripts/package --ref "$GITHUB_HEAD_REF" --allow-unreleased --all$' "$repo/.github/workflows/pull-request.yml")" -eq 2 ]
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
    for file in "$repo/.github/workflows/qa.yml" "$repo/.github/workflows/release.yml"; do
        env='${{ needs.environment.outputs.name }}'
        grep -qF "name: $env-\${{ matrix.platform }}" "$file" || { echo "$file: no per-platform artifact"; return 1; }
        grep -qF "name: $env-darwin_arm64" "$file" || { echo "$file: no macOS artifact"; return 1; }
        grep -q "needs: \[environment, linux, macos\]" "$file"
        grep -qF "pattern: $env-*" "$file"
        grep -qF "ENVIRONMENT: $env" "$file"
        grep -qF 'run: scripts/collect artifacts/"$ENVIRONMENT"-* --out dist' "$file"
        # Only the publish job may write to the repository.
        [ "$(grep -c 'contents: write' "$file")" -eq 1 ] && grep -q '^  contents: read' "$file"
    done
    qa="$repo/.github/workflows/qa.yml" release="$repo/.github/workflows/release.yml"
    # In this order: pull the channel, add the builds (signed), push it; one publish per channel at a time.
    [ "$(grep -o 'run: scripts/[a-z-]* [a-z-]*' "$qa" | grep -E 'github-release|publish' | tr '\n' ,)" = \
        "run: scripts/github-release channel-pull,run: scripts/publish ,run: scripts/github-release channel-push," ]
    grep -qF 'run: scripts/publish "$ENVIRONMENT" --channel "dist/channel/$ENVIRONMENT"' "$qa"
    grep -qF 'run: scripts/github-release channel-push "dist/channel/$ENVIRONMENT" --env "$ENVIRONMENT"' "$qa"
    grep -A1 'concurrency:' "$qa" | grep -qF 'group: ${{ needs.environment.outputs.channel }}'
    grep -qF 'cancel-in-progress: false' "$qa"
    # Then the Homebrew formulas, after what they point at is published, only with the tap's token.
    for file in "$qa" "$release"; do
        [ "$(grep -o 'run: scripts/[a-z-]*' "$file" | tail -1)" = "run: scripts/homebrew" ] || { echo "$file: homebrew is not last"; return 1; }
        grep -q 'HOMEBREW_TAP_TOKEN: \${{ secrets.HOMEBREW_TAP_TOKEN }}' "$file"
        [ "$(grep -c "if: env.HOMEBREW_TAP_TOKEN != ''" "$file")" -eq 2 ]
    done
    # The release's .deb packages go up with its tarballs; every environment's install side by side first.
    grep -qF 'run: scripts/package --format deb "$ENVIRONMENT"' "$release"
    grep -q 'dist/\*.deb' "$release"
    grep -B1 'run: scripts/package --format deb --out dist/deb-check --all' "$release" | grep -q "if: matrix.platform == 'linux_x86_64'"
    grep -B1 'run: scripts/check-runtime --deb' "$release" | grep -q "if: matrix.platform == 'linux_x86_64'"
    grep -q 'MELI_SIGNING_KEY: \${{ secrets.MELI_SIGNING_KEY }}' "$qa"
    grep -qF 'run: scripts/publish "$ENVIRONMENT" --channel "dist/channel/$ENVIRONMENT"' "$release"
    grep -q 'MELI_SIGNING_KEY: \${{ secrets.MELI_SIGNING_KEY_PRODUCTION }}' "$release"
    grep -qF 'run: scripts/github-release "dist/channel/$ENVIRONMENT"' "$release"
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
