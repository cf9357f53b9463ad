#!/usr/bin/env bats
# scripts/bench's command line. Its numbers are measurements, not test results: no test here
# checks a time or a size.

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
    [[ $output == *"'$(type -P false)' exited 1; run it by hand to see why"* ]]
    run python3 "$pairs" --runs 0 --url http://127.0.0.1:9/ --jq . -- "$(type -P true)"
    [ "$status" -eq 2 ]
    run python3 "$pairs" --runs 1 --url http://127.0.0.1:9/ --jq . -e NOVALUE -- "$(type -P true)"
    [ "$status" -eq 2 ]
}
