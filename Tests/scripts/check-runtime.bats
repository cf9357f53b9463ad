#!/usr/bin/env bats
# scripts/check-runtime's command line, and the README it holds to the truth. The check itself
# (debootstrap, chroot, root), of a tarball or of the three .deb packages (--deb: about 15 s with
# the root kept in .build/runtime-root, plus debootstrap's minute the first time and the release
# builds scripts/package makes), runs in the release workflow and by hand, not here.

setup() {
    repo="$BATS_TEST_DIRNAME/../.."
    check="$repo/scripts/check-runtime"
}

@test "the packages it installs are the ones README.md tells users to install" {
    run "$check" --packages
    [ "$status" -eq 0 ]
    [ -n "$output" ]
    section=$(awk '/^\*\*What a user.s machine needs\*\*/ { on = 1 } on && /^\*\*/ && !/machine needs/ { exit } on' "$repo/README.md")
    [ -n "$section" ] || { echo "README.md has no 'What a user's machine needs' paragraph"; return 1; }
    installed=$(sed -n 's/^sudo apt-get install //p' <<<"$section" | tr ' ' '\n' | sort)
    [ "$installed" = "$(sort <<<"$output")" ] || { echo "README installs '$installed', the check '$output'"; return 1; }
}

@test "bad arguments exit 2; a missing tarball exits 1, before anything is installed or built" {
    run "$check" --frobnicate
    [ "$status" -eq 2 ]
    [[ $output == *"unknown option '--frobnicate'"* ]]
    run "$check" --tarball
    [ "$status" -eq 2 ]
    run "$check" --tarball x.tar.gz dev
    [ "$status" -eq 2 ]
    [[ $output == *"give --tarball or ENV, not both"* ]]
    run "$check" nosuchenv
    [ "$status" -eq 2 ]
    run "$check" --tarball "$BATS_TEST_TMPDIR/missing.tar.gz"
    [ "$status" -eq 1 ]
    [[ $output == *"missing.tar.gz' is not a file"* ]]
    [ ! -e "$BATS_TEST_TMPDIR/missing.tar.gz" ]
}

@test "--deb: bad arguments exit 2 and a missing .deb exits 1, before anything is installed or built" {
    run "$check" --deb --tarball x.tar.gz
    [ "$status" -eq 2 ]
    [[ $output == *"--deb checks .deb packages: give no --tarball or ENV"* ]]
    run "$check" --deb x.tar.gz y.tar.gz
    [ "$status" -eq 2 ]
    [[ $output == *"'x.tar.gz' is not a .deb"* ]]
    run "$check" --upgrade x.deb
    [ "$status" -eq 2 ]
    [[ $output == *"--upgrade goes with --deb"* ]]
    touch "$BATS_TEST_TMPDIR/meli_0.1.0_amd64.deb"
    run "$check" --deb "$BATS_TEST_TMPDIR/meli_0.1.0_amd64.deb"
    [ "$status" -eq 2 ]
    [[ $output == *"give two .deb packages or more"* ]]
    run "$check" --deb "$BATS_TEST_TMPDIR/meli_0.1.0_amd64.deb" "$BATS_TEST_TMPDIR/missing.deb"
    [ "$status" -eq 1 ]
    [[ $output == *"missing.deb' is not a file"* ]]
    [ ! -e "$BATS_TEST_TMPDIR/missing.deb" ]
}
