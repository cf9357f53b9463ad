#!/usr/bin/env bats
# Adding an environment is one env file and one row of Config/environments: in a copy of the
# repository, 'trial' (a name no row has; the table may hold any rows) is added that way, and the package manifest offers meli-trial while
# scripts/build, package, install and gitflow take it, with nothing else edited.

load git_env

setup() {
    repo="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"
    git_env
    # The repository's own rows, as the scripts list them: 'dev, qa, production', 'meli-dev meli-qa meli'.
    names=$(bash -c '. "$1/scripts/lib.sh" && env_names' - "$repo" | paste -sd, - | sed 's/,/, /g')
    binaries=$(bash -c '. "$1/scripts/lib.sh" && env_binaries' - "$repo" | paste -sd' ' -)
    copy="$BATS_TEST_TMPDIR/copy"
    mkdir -p "$copy"
    # What the package and the scripts read; not .build, dist or .git.
    cp -R "$repo/Package.swift" "$repo/Config" "$repo/Sources" "$repo/Tests" "$repo/scripts" \
        "$repo/VERSION" "$repo/README.md" "$repo/LICENSE" "$copy/"
    rm -f "$copy/Config/Local.env"
    # The one env file and the one row.
    sed 's/^MELI_QA_UPDATE_FEED_URL =.*$//' "$repo/Config/QA.env" >"$copy/Config/Trial.env"
    echo "trial       meli-trial Trial.env trial-channel trial/?*" >>"$copy/Config/environments"
    git init -q -b develop "$copy"
    git -C "$copy" add -A
    git -C "$copy" commit -q -m "Add the trial environment"
}

@test "the package manifest offers meli-trial, and compiles the row into the binaries" {
    cd "$copy"
    # No manifest cache: the table is read by Package.swift, which the cache does not watch.
    run swift package --manifest-cache none dump-package
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    products=$(python3 -c 'import json, sys; print(" ".join(p["name"] for p in json.load(sys.stdin)["products"]))' <<<"$output")
    [ "$products" = "$binaries meli-trial" ] || { echo "products: $products"; return 1; }
    [[ $output == *'trial meli-trial Trial.env trial-channel trial/?*'* ]]
}

@test "a malformed row stops the manifest, naming its line" {
    cd "$copy"
    echo "broken meli-broken" >>Config/environments
    line=$(wc -l <Config/environments | tr -d ' ')
    run swift package --manifest-cache none dump-package
    [ "$status" -ne 0 ]
    [[ $output == *"Config/environments:$line: a row has 5 fields"* ]] || { echo "$output"; return 1; }
}

@test "a row naming paths outside the package is refused by the scripts as by the manifest; CRLF rows read as LF" {
    cd "$copy"
    printf 'evil ../escaped ../../etc/hostname - -\n' >>Config/environments
    run scripts/package evil --binary /bin/true
    [ "$status" -ne 0 ]
    [[ $output == *"Config/environments:"*"not a valid binary ../escaped"* ]] || { echo "$output"; return 1; }
    [ ! -e "$BATS_TEST_TMPDIR/escaped" ]
    run swift package --manifest-cache none dump-package
    [ "$status" -ne 0 ]
    # A table saved with CRLF line ends: production is still built from v* only.
    sed -i.bak -e '$d' -e 's/$/\r/' Config/environments
    run bash -c '. scripts/lib.sh && env_of_ref tag v1.2.3 && env_field production builds'
    [ "$status" -eq 0 ]
    [ "$output" = "$(printf 'production\nv*')" ] || { echo "$output" | od -c; return 1; }
}

@test "scripts/build takes trial and names it among the environments" {
    run "$copy/scripts/build" --help
    [ "$status" -eq 0 ]
    [[ $output == *"($names or trial)"* ]]
    run "$copy/scripts/build" nope
    [ "$status" -eq 2 ]
    [[ $output == *"unknown environment 'nope'; use $names or trial"* ]]
    # The repository itself does not know it.
    run "$repo/scripts/build" trial
    [ "$status" -eq 2 ]
}

# A stand-in meli-trial that answers what scripts/package asks (man page, completions) and
# records the 'self install' scripts/install hands over to.
stand_in() {
    mkdir -p "$BATS_TEST_TMPDIR/bin"
    cat >"$BATS_TEST_TMPDIR/bin/meli-trial" <<STUB
#!/usr/bin/env bash
echo "meli-trial \$*" >>"$BATS_TEST_TMPDIR/calls"
# As a plain 'swift build' answers: unstamped, which scripts/package lets through.
if [ "\$*" = --version ]; then echo "meli-trial 0.0.0-unstamped (trial)"; exit 0; fi
echo "output of meli-trial \$*"
STUB
    chmod 0755 "$BATS_TEST_TMPDIR/bin/meli-trial"
    echo "$BATS_TEST_TMPDIR/bin/meli-trial"
}

@test "scripts/package packages meli-trial with Trial.env, and scripts/install hands it to its own installer" {
    binary=$(stand_in)
    out="$BATS_TEST_TMPDIR/out"
    run "$copy/scripts/package" --binary "$binary" --out "$out" trial
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    tarball=${lines[${#lines[@]} - 1]}
    [[ $tarball == "$out"/meli-trial_0.1.0-dev.*_*.tar.gz ]] || { echo "$tarball"; return 1; }
    top=$(basename "$tarball" .tar.gz)
    run tar tzf "$tarball"
    for entry in bin/meli-trial share/meli-trial/Base.env share/meli-trial/Trial.env share/man/man1/meli-trial.1; do
        [[ $output == *"$top/$entry"* ]] || { echo "missing $entry"; return 1; }
    done
    [[ $output != *QA.env* ]]

    run "$copy/scripts/install" "$tarball" --prefix "$BATS_TEST_TMPDIR/prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    # Handed the copy scripts/install checked, in its private folder, never the tarball's own path.
    [[ $(cat "$BATS_TEST_TMPDIR/calls") == *"meli-trial self install "*"/package/$(basename "$tarball") --prefix $BATS_TEST_TMPDIR/prefix"* ]]
    [[ $(cat "$BATS_TEST_TMPDIR/calls") != *"self install $tarball "* ]]
    # By name too: a binary of the table is not a usage error, one outside it is.
    run "$copy/scripts/install" --rollback meli-trial --prefix "$BATS_TEST_TMPDIR/prefix"
    [ "$status" -eq 1 ]
    [[ $output == *"meli-trial is not installed in"* ]]
    run "$copy/scripts/install" --rollback meli-nope --prefix "$BATS_TEST_TMPDIR/prefix"
    [ "$status" -eq 2 ]
    [[ $output == *"use ${binaries// /, } or meli-trial"* ]]
}

@test "scripts/gitflow maps the row's refs to trial, and the others as before" {
    while read -r ref expected; do
        run "$copy/scripts/gitflow" channel "$ref"
        [ "$status" -eq 0 ] && [ "$output" = "$expected" ] || { echo "$ref: $status $output"; return 1; }
    done <<'TABLE'
trial/1.4 trial
refs/heads/trial/next trial
develop dev
feature/a dev
release/1.3.0 qa
refs/tags/v1.3.0 production
TABLE
    run "$copy/scripts/gitflow" channel trial/
    [ "$status" -eq 1 ]
    run "$repo/scripts/gitflow" channel trial/1.4
    [ "$status" -eq 1 ]
    # The row's branches are branches CI may build (the channel workflow checks them first).
    run "$copy/scripts/gitflow" check-branch trial/1.4
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    run "$repo/scripts/gitflow" check-branch trial/1.4
    [ "$status" -eq 1 ] && [[ $output == *"'trial/1.4' is not a git-flow branch"* ]]
}
