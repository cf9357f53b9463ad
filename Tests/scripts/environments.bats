#!/usr/bin/env bats
# Adding an environment is one env file and one row of Config/environments: in a copy of the
# repository, 'staging' is added that way, and the package manifest offers meli-staging while
# scripts/build, package, install and gitflow take it, with nothing else edited.

load git_env

setup() {
    repo="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"
    git_env
    copy="$BATS_TEST_TMPDIR/copy"
    mkdir -p "$copy"
    # What the package and the scripts read; not .build, dist or .git.
    cp -R "$repo/Package.swift" "$repo/Config" "$repo/Sources" "$repo/Tests" "$repo/scripts" \
        "$repo/VERSION" "$repo/README.md" "$repo/LICENSE" "$copy/"
    rm -f "$copy/Config/Local.env"
    # The one env file and the one row.
    sed 's/^MELI_QA_UPDATE_FEED_URL =.*$//' "$repo/Config/QA.env" >"$copy/Config/Staging.env"
    echo "staging       meli-staging Staging.env staging-channel staging/?*" >>"$copy/Config/environments"
    git init -q -b develop "$copy"
    git -C "$copy" add -A
    git -C "$copy" commit -q -m "Add the staging environment"
}

@test "the package manifest offers meli-staging, and compiles the row into the binaries" {
    cd "$copy"
    # No manifest cache: the table is read by Package.swift, which the cache does not watch.
    run swift package --manifest-cache none dump-package
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    products=$(python3 -c 'import json, sys; print(" ".join(p["name"] for p in json.load(sys.stdin)["products"]))' <<<"$output")
    [ "$products" = "meli-dev meli-qa meli meli-staging" ] || { echo "products: $products"; return 1; }
    [[ $output == *'staging meli-staging Staging.env staging-channel staging/?*'* ]]
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

@test "scripts/build takes staging and names it among the environments" {
    run "$copy/scripts/build" --help
    [ "$status" -eq 0 ]
    [[ $output == *"(dev, qa, production or staging)"* ]]
    run "$copy/scripts/build" nope
    [ "$status" -eq 2 ]
    [[ $output == *"unknown environment 'nope'; use dev, qa, production or staging"* ]]
    # The repository itself does not know it.
    run "$repo/scripts/build" staging
    [ "$status" -eq 2 ]
}

# A stand-in meli-staging that answers what scripts/package asks (man page, completions) and
# records the 'self install' scripts/install hands over to.
stand_in() {
    mkdir -p "$BATS_TEST_TMPDIR/bin"
    cat >"$BATS_TEST_TMPDIR/bin/meli-staging" <<STUB
#!/usr/bin/env bash
echo "meli-staging \$*" >>"$BATS_TEST_TMPDIR/calls"
# As a plain 'swift build' answers: unstamped, which scripts/package lets through.
if [ "\$*" = --version ]; then echo "meli-staging 0.0.0-unstamped (staging)"; exit 0; fi
echo "output of meli-staging \$*"
STUB
    chmod 0755 "$BATS_TEST_TMPDIR/bin/meli-staging"
    echo "$BATS_TEST_TMPDIR/bin/meli-staging"
}

@test "scripts/package packages meli-staging with Staging.env, and scripts/install hands it to its own installer" {
    binary=$(stand_in)
    out="$BATS_TEST_TMPDIR/out"
    run "$copy/scripts/package" --binary "$binary" --out "$out" staging
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    tarball=${lines[${#lines[@]} - 1]}
    [[ $tarball == "$out"/meli-staging_0.1.0-dev.*_*.tar.gz ]] || { echo "$tarball"; return 1; }
    top=$(basename "$tarball" .tar.gz)
    run tar tzf "$tarball"
    for entry in bin/meli-staging share/meli-staging/Base.env share/meli-staging/Staging.env share/man/man1/meli-staging.1; do
        [[ $output == *"$top/$entry"* ]] || { echo "missing $entry"; return 1; }
    done
    [[ $output != *QA.env* ]]

    run "$copy/scripts/install" "$tarball" --prefix "$BATS_TEST_TMPDIR/prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    # Handed the copy scripts/install checked, in its private folder, never the tarball's own path.
    [[ $(cat "$BATS_TEST_TMPDIR/calls") == *"meli-staging self install "*"/package/$(basename "$tarball") --prefix $BATS_TEST_TMPDIR/prefix"* ]]
    [[ $(cat "$BATS_TEST_TMPDIR/calls") != *"self install $tarball "* ]]
    # By name too: a binary of the table is not a usage error, one outside it is.
    run "$copy/scripts/install" --rollback meli-staging --prefix "$BATS_TEST_TMPDIR/prefix"
    [ "$status" -eq 1 ]
    [[ $output == *"meli-staging is not installed in"* ]]
    run "$copy/scripts/install" --rollback meli-nope --prefix "$BATS_TEST_TMPDIR/prefix"
    [ "$status" -eq 2 ]
    [[ $output == *"use meli-dev, meli-qa, meli or meli-staging"* ]]
}

@test "scripts/gitflow maps the row's refs to staging, and the others as before" {
    while read -r ref expected; do
        run "$copy/scripts/gitflow" channel "$ref"
        [ "$status" -eq 0 ] && [ "$output" = "$expected" ] || { echo "$ref: $status $output"; return 1; }
    done <<'TABLE'
staging/1.4 staging
refs/heads/staging/next staging
develop dev
feature/a dev
release/1.3.0 qa
refs/tags/v1.3.0 production
TABLE
    run "$copy/scripts/gitflow" channel staging/
    [ "$status" -eq 1 ]
    run "$repo/scripts/gitflow" channel staging/1.4
    [ "$status" -eq 1 ]
}
