#!/usr/bin/env bats
# scripts/build's command line (the release build itself is exercised by packaging).

setup() {
    build="$BATS_TEST_DIRNAME/../../scripts/build"
}

@test "the environment is required and checked before anything is built" {
    run "$build"
    [ "$status" -eq 2 ]
    [[ $output == *"which environment? dev, qa or production"* ]]
    run "$build" staging
    [ "$status" -eq 2 ]
    [[ $output == *"unknown environment 'staging'; use dev, qa or production"* ]]
    run "$build" qa dev
    [ "$status" -eq 2 ]
    run "$build" --frobnicate qa
    [ "$status" -eq 2 ]
    [[ $output == *"unknown option '--frobnicate'"* ]]
}

@test "--help names what a static link needs" {
    run "$build" --help
    [ "$status" -eq 0 ]
    [[ $output == *"libcurl4-openssl-dev"* ]]
}
