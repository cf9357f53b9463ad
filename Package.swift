// swift-tools-version: 6.0
import PackageDescription

// One library holds all logic; the three executables only name their environment.
// No package dependencies: Foundation, Dispatch, XCTest and Swift Testing only.
let package = Package(
    name: "meli",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "meli", targets: ["meli"]),
        .executable(name: "meli-dev", targets: ["meli-dev"]),
        .executable(name: "meli-qa", targets: ["meli-qa"]),
    ],
    targets: [
        // Version, commit and build date, stamped by scripts/build with -Xcc -D...; see BuildInfo.swift.
        .target(name: "CBuildStamp"),
        // All logic; imports FoundationEssentials only, never all of Foundation.
        .target(name: "MeliCore", dependencies: ["CBuildStamp"]),
        // The HTTP transport (URLSession), kept apart behind MeliCore's HTTPTransport protocol.
        .target(name: "MeliHTTP", dependencies: ["MeliCore"]),
        .executableTarget(name: "meli", dependencies: ["MeliCore", "MeliHTTP"]),
        .executableTarget(name: "meli-dev", dependencies: ["MeliCore", "MeliHTTP"]),
        .executableTarget(name: "meli-qa", dependencies: ["MeliCore", "MeliHTTP"]),
        .testTarget(name: "MeliCoreTests", dependencies: ["MeliCore", "MeliHTTP"], exclude: ["Golden", "Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
