#!/usr/bin/env bats
# scripts/deps in a scratch package of three folders (App, Update, Support), built for real: the
# compiler's dependency files are what it reads.

setup() {
    scratch="$BATS_TEST_TMPDIR/pkg"
    mkdir -p "$scratch/scripts" "$scratch/Sources/MeliCore/App" "$scratch/Sources/MeliCore/Update" "$scratch/Sources/MeliCore/Support"
    cp "$BATS_TEST_DIRNAME/../../scripts/deps" "$scratch/scripts/deps"
    cat >"$scratch/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(name: "scratch", targets: [.target(name: "MeliCore")], swiftLanguageModes: [.v6])
SWIFT
    cat >"$scratch/Sources/MeliCore/Support/Clock.swift" <<'SWIFT'
/// A clock.
struct Clock: Sendable { var seconds = 0 }
SWIFT
    cat >"$scratch/Sources/MeliCore/Update/Feed.swift" <<'SWIFT'
/// A feed, read at a time.
struct Feed: Sendable { var clock: Clock }
SWIFT
    cat >"$scratch/Sources/MeliCore/App/App.swift" <<'SWIFT'
/// The services.
struct App: Sendable {
    var clock = Clock()
    var feed: Feed { Feed(clock: clock) }
}
SWIFT
}

@test "inward edges only: printed with their counts, and --check passes" {
    cd "$scratch"
    run scripts/deps
    [ "$status" -eq 0 ]
    [[ "$output" == *"App -> Update  1"* ]]
    [[ "$output" == *"Update -> Support  1"* ]]
    run scripts/deps --check --no-build
    [ "$status" -eq 0 ]
    [[ "$output" == *"none outward"* ]]
    run scripts/deps --summary --no-build
    [ "$status" -eq 0 ]
    [ "$output" = "$(printf 'app      App     -> Support Update\ndomain   Update  -> Support\nsupport  Support -> (nothing)')" ]
}

@test "a Support file that names App fails --check, naming the edge, the files and the name" {
    cat >"$scratch/Sources/MeliCore/Support/Leak.swift" <<'SWIFT'
/// Reaches for the service bag: an outward edge.
func leak(_ app: App) -> Int { app.clock.seconds }
SWIFT
    cd "$scratch"
    run scripts/deps --check
    [ "$status" -eq 1 ]
    [[ "$output" == *"Support -> App points outward (support may not use app)"* ]]
    [[ "$output" == *"Support/Leak.swift -> App/App.swift: App"* ]]
    run scripts/deps --no-build --why Support App
    [ "$status" -eq 0 ]
    [[ "$output" == *"Support/Leak.swift -> App/App.swift: App, App.clock"* ]]
}

@test "an App file that names a CLI declaration fails --check: the commands sit above the services" {
    mkdir "$scratch/Sources/MeliCore/CLI"
    printf '/// The parsed options.\nstruct Options: Sendable { var quiet = false }\n' >"$scratch/Sources/MeliCore/CLI/Options.swift"
    printf '/// Reaches up for the parser: an outward edge.\nfunc quiet(_ options: Options) -> Bool { options.quiet }\n' >"$scratch/Sources/MeliCore/App/Quiet.swift"
    cd "$scratch"
    run scripts/deps --check
    [ "$status" -eq 1 ]
    [[ "$output" == *"App -> CLI points outward (app may not use commands)"* ]]
    [[ "$output" == *"App/Quiet.swift -> CLI/Options.swift: Options"* ]]
}

@test "a folder in no layer fails --check; usage errors exit 2" {
    mkdir "$scratch/Sources/MeliCore/Elsewhere"
    printf '/// Somewhere new.\nstruct Elsewhere: Sendable {}\n' >"$scratch/Sources/MeliCore/Elsewhere/Elsewhere.swift"
    cd "$scratch"
    run scripts/deps --check
    [ "$status" -eq 1 ]
    [[ "$output" == *"the folder Elsewhere is in no layer"* ]]
    run scripts/deps --why Support
    [ "$status" -eq 2 ]
    run scripts/deps --bogus
    [ "$status" -eq 2 ]
    run scripts/deps --help
    [ "$status" -eq 0 ]
    [[ "$output" == *"Usage: scripts/deps"* ]]
}

@test "--why names a folder of Sources/MeliCore, and the modes are one at a time" {
    cd "$scratch"
    run scripts/deps --no-build --why cli Support
    [ "$status" -eq 2 ]
    [[ "$output" == *"no folder cli in Sources/MeliCore"* ]]
    run scripts/deps --no-build --why ../.. Support
    [ "$status" -eq 2 ]
    run scripts/deps --no-build --check --summary
    [ "$status" -eq 2 ]
    [[ "$output" == *"one at a time"* ]]
}
