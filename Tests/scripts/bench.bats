#!/usr/bin/env bats
# scripts/bench's command line. Its numbers are measurements, not test results: no test here
# checks a time or a size.

load loopback

setup() {
    bench="$BATS_TEST_DIRNAME/../../scripts/bench"
}

@test "bad arguments exit 2 before anything is built" {
    run "$bench" --runs 0
    [ "$status" -eq 2 ]
    [[ $output == *"--runs needs a whole number above 0, not '0'"* ]]
    run "$bench" --runs
    [ "$status" -eq 2 ]
    run "$bench" --frobnicate
    [ "$status" -eq 2 ]
    [[ $output == *"unknown option '--frobnicate'"* ]]
}

@test "a binary that is not meli-dev is refused, not measured" {
    run "$bench" --binary /nonexistent/meli-dev
    [ "$status" -eq 1 ]
    [[ $output == *"'/nonexistent/meli-dev' is not an executable file"* ]]
    run "$bench" --binary "$(type -P true)" --runs 1
    [ "$status" -eq 1 ]
    [[ $output == *"is not meli-dev"* ]]
    [ "$(grep -c 'goal' <<<"$output")" -eq 0 ]
}

@test "--help names every figure of issue 12 with its goal" {
    run "$bench" --help
    [ "$status" -eq 0 ]
    for figure in size gzip version sandbox cached vs-curl memory silent install; do
        grep -Eq "^  $figure .*goal: at most [0-9.]+$" <<<"$output" || { echo "no goal line for $figure"; return 1; }
    done
    run "$bench" --qa-binary
    [ "$status" -eq 2 ]
    [[ $output == *"--qa-binary needs a file"* ]]
}

@test "--help names completion's figure of issue 27 with its goal" {
    run "$bench" --help
    [ "$status" -eq 0 ]
    grep -Eq '^  complete .*goal: at most [0-9.]+$' <<<"$output" || { echo "no goal line for complete"; return 1; }
}

@test "--help names the browse figures of issue 26 with their goals; --only takes browse alone" {
    run "$bench" --help
    [ "$status" -eq 0 ]
    for figure in browse-first browse-key browse-bytes; do
        grep -Eq "^  $figure .*goal: at most [0-9.]+$" <<<"$output" || { echo "no goal line for $figure"; return 1; }
    done
    [[ $output == *"--only browse"* ]]
    run "$bench" --only
    [ "$status" -eq 2 ]
    [[ $output == *"--only needs a group of figures: browse"* ]]
    run "$bench" --only size
    [ "$status" -eq 2 ]
    [[ $output == *"--only takes browse (the browse figures), not 'size'"* ]]
}

@test "--help names issue 28's goals: instructions, both ratios to curl, memory above curl's" {
    run "$bench" --help
    [ "$status" -eq 0 ]
    [ "$(grep -Ec '^            and its instructions, millions +goal: at most [0-9.]+$' <<<"$output")" -eq 3 ]
    for figure in vs-curl vs-jq memory order; do
        grep -Eq "^  $figure .*goal: at most [0-9.]+$" <<<"$output" || { echo "no goal line for $figure"; return 1; }
    done
    [[ $output == *"curl -s -o /dev/null"* ]]
}

@test "bench-pairs.py names a command that fails instead of timing it, and refuses bad arguments" {
    pairs="$BATS_TEST_DIRNAME/../../scripts/bench-pairs.py"
    run python3 "$pairs" --runs 1 --url http://127.0.0.1:9/ --jq . -- "$(type -P false)"
    [ "$status" -eq 1 ]
    [[ $output == *"$(type -P false) exited 1; run it by hand to see why"* ]]
    run python3 "$pairs" --runs 0 --url http://127.0.0.1:9/ --jq . -- "$(type -P true)"
    [ "$status" -eq 2 ]
    run python3 "$pairs" --runs 1 --url http://127.0.0.1:9/ --jq . -e NOVALUE -- "$(type -P true)"
    [ "$status" -eq 2 ]
    [[ $output == *"-e takes NAME=VALUE, not 'NOVALUE'"* ]]
    # A program that is not there is named before anything is timed, not a traceback.
    run python3 "$pairs" --runs 1 --url http://127.0.0.1:9/ --jq . -- no-such-program-4417
    [ "$status" -eq 1 ]
    [[ $output == "bench-pairs.py: cannot run 'no-such-program-4417': no such executable file on PATH" ]]
    run python3 "$pairs" --runs 1 --url http://127.0.0.1:9/ --jq . --swift-floor /nonexistent/floor-swift -- true
    [ "$status" -eq 1 ]
    [[ $output == "bench-pairs.py: cannot run '/nonexistent/floor-swift': no such executable file" ]]
}

teardown() {
    stop_server "$BATS_TEST_TMPDIR"
}

@test "bench-floors builds both floors: each fetches a page as meli loads libcurl, and bench-pairs.py times them" {
    [ "$(uname -s)" = Linux ] || skip "the floors are built on Linux only"
    floors="$BATS_TEST_TMPDIR/floors"
    run "$BATS_TEST_DIRNAME/../../scripts/bench-floors" "$floors"
    [ "$status" -eq 0 ]
    mkdir "$BATS_TEST_TMPDIR/site"
    printf '{"results":[{"id":"MLA1"}]}\n' >"$BATS_TEST_TMPDIR/site/page.json"
    serve_folder "$BATS_TEST_TMPDIR/site" "$BATS_TEST_TMPDIR"
    url="http://127.0.0.1:$(cat "$BATS_TEST_TMPDIR/port")"
    for program in floor floor-swift; do
        run "$floors/$program" "$url/page.json"
        [ "$status" -eq 0 ]
        [ -z "$output" ]
        run "$floors/$program" "$url/missing.json"
        [ "$status" -eq 1 ]
        [[ $output == *"the transfer failed (curl code 0, status 404)"* ]]
        # GnuTLS's constructor finds the opt-out only in the dynamic symbol table, as in meli's.
        nm -D --defined-only "$floors/$program" | grep -q ' _gnutls_global_init_skip$'
    done
    # The Swift one is static and stripped, as meli's package is: no Swift library loaded, no symbols.
    ! nm -D "$floors/floor-swift" | grep -q swift_
    run nm "$floors/floor-swift"
    [[ $output == *"no symbols"* ]]
    run python3 "$BATS_TEST_DIRNAME/../../scripts/bench-pairs.py" --runs 1 --url "$url/page.json" --jq '.results[].id' \
        --floor "$floors/floor" --swift-floor "$floors/floor-swift" -- "$(type -P true)"
    [ "$status" -eq 0 ]
    [[ $output =~ ^[0-9.]+( [0-9.]+){8}$ ]]
    # A jq filter that fails is what is named, not the curl whose writes it broke.
    run python3 "$BATS_TEST_DIRNAME/../../scripts/bench-pairs.py" --runs 1 --url "$url/page.json" --jq '.results[' -- true
    [ "$status" -eq 1 ]
    [[ $output == *"jq -r '.results[' exited"* ]]
    run "$BATS_TEST_DIRNAME/../../scripts/bench-floors"
    [ "$status" -eq 2 ]
    [[ $output == *"which folder?"* ]]
    run python3 "$BATS_TEST_DIRNAME/../../scripts/bench-pairs.py" --runs 1 --url "$url/page.json" --jq . --swift-floor "" -- true
    [ "$status" -eq 1 ]
    [[ $output == *"cannot run '': no program named"* ]]
    # Nothing but the two floors is left in DIR. A CDPATH in the environment does not move the
    # script: run as 'scripts/bench-floors', lib.sh's relative 'cd scripts/..' went where CDPATH
    # found a 'scripts' folder, and took the bench files from there.
    [ "$(ls -A "$floors" | tr '\n' ' ')" = "floor floor-swift " ]
    mkdir -p "$BATS_TEST_TMPDIR/decoy/scripts"
    (cd "$BATS_TEST_DIRNAME/../.." && CDPATH="$BATS_TEST_TMPDIR/decoy" scripts/bench-floors "$BATS_TEST_TMPDIR/again")
    [ -x "$BATS_TEST_TMPDIR/again/floor-swift" ]
    touch "$BATS_TEST_TMPDIR/a-file"
    run "$BATS_TEST_DIRNAME/../../scripts/bench-floors" "$BATS_TEST_TMPDIR/a-file"
    [ "$status" -eq 1 ]
    [[ $output == *"'$BATS_TEST_TMPDIR/a-file' is not a folder"* ]]
    run "$floors/floor-swift"
    [ "$status" -eq 2 ]
    [[ $output == "usage: $floors/floor-swift URL" ]]
}
