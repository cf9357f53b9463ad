// swift-tools-version: 6.0
import Foundation
import PackageDescription

// One library holds all logic. One executable target is linked into one product per row of
// Config/environments (meli-dev, meli-qa, meli, ...): a binary finds its environment at run time
// from its own file name, in the table compiled into it. Adding an environment is one row there and
// one env file; see Config/README.md ("Environments").
// No package dependencies: the Swift toolchain (FoundationEssentials, Dispatch, Synchronization,
// Swift Testing) and the system's libcurl only.

/// The rows of Config/environments, checked: `[name, binary, env file, channel, builds]`.
/// A malformed table stops the build here, naming the line, rather than making a binary that
/// cannot find itself.
func environmentRows() -> [[String]] {
    let path = Context.packageDirectory + "/Config/environments"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        fatalError("\(path): cannot read the environments table; restore it from git (git checkout -- Config/environments)")
    }
    let shapes = [
        // \A and \z: '^' and '$' would also match beside a trailing line terminator (\u{0B}, U+2028).
        ("name", "\\A[a-z][a-z0-9_]*\\z"), ("binary", "\\A[a-z][a-z0-9_-]*\\z"), ("env file", "\\A[A-Za-z0-9_-][A-Za-z0-9_.-]*\\.env\\z"),
        ("channel", "\\A([A-Za-z0-9_.-]+|-)\\z"), ("builds", "\\A[A-Za-z0-9_./*?,-]+\\z"),
    ]
    var rows: [[String]] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
        guard let first = fields.first, !first.hasPrefix("#") else { continue }
        let place = "Config/environments:\(index + 1)"
        guard fields.count == shapes.count else {
            fatalError("\(place): a row has \(shapes.count) fields (name, binary, env file, channel or -, builds or -), not \(fields.count)")
        }
        for (field, (what, pattern)) in zip(fields, shapes) where field.range(of: pattern, options: .regularExpression) == nil {
            fatalError("\(place): '\(field)' is not a valid \(what); see the table's header comment")
        }
        for (column, what) in [(0, "name"), (1, "binary")] where rows.contains(where: { $0[column] == fields[column] }) {
            fatalError("\(place): the \(what) '\(fields[column])' is already in an earlier row")
        }
        rows.append(fields)
    }
    guard !rows.isEmpty else { fatalError("Config/environments: no environment rows") }
    return rows
}

let environments = environmentRows()

/// Why `key` (the 32 bytes of an Ed25519 public key) is no key to trust, or nil: a point of small
/// order, with which a signature made without any private key (R = identity, S = 0) verifies
/// every package, or an encoding whose y is not below p = 2^255 - 19. The same check as
/// Ed25519.weakness (Sources/MeliCore/Update/Ed25519Encoding.swift, which says where the list
/// comes from); a manifest cannot import the library, so the list is here twice, and
/// Ed25519EncodingTests checks that the two agree.
func keyWeakness(_ key: [UInt8]) -> String? {
    let smallOrderY = [
        "0000000000000000000000000000000000000000000000000000000000000000",
        "0100000000000000000000000000000000000000000000000000000000000000",
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    ]
    // The sign bit (the top bit of the last byte) belongs to x: every y is refused with either.
    var y = key
    y[31] &= 0x7F
    if smallOrderY.contains(y.map { String(format: "%02x", $0) }.joined()) {
        return "is a point of small order, not a real key: a signature made without any private key verifies every package with it"
    }
    if y[31] == 0x7F, y[1..<31].allSatisfy({ $0 == 0xFF }), y[0] >= 0xED {
        return "is not a canonical encoding (its y coordinate is not below 2^255 - 19), which no signing tool makes"
    }
    return nil
}

/// Config/signing-keys: `<environment> <base64 Ed25519 public key>` a line (# comments), the keys
/// each environment's binary trusts for its updates (see SigningKeys.swift); compiled in as the
/// environments table is. A malformed line, or a key no signature can be trusted with
/// (`keyWeakness`), stops the build, naming it.
func signingKeys() -> String {
    let path = Context.packageDirectory + "/Config/signing-keys"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return "" }
    var lines: [String] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
        guard let first = fields.first, !first.hasPrefix("#") else { continue }
        guard fields.count == 2, environments.contains(where: { $0[0] == fields[0] }),
              fields[1].range(of: "\\A[A-Za-z0-9+/]{43}=\\z", options: .regularExpression) != nil else {
            fatalError("Config/signing-keys:\(index + 1): a line is '<environment> <base64 Ed25519 public key>', with an environment of Config/environments")
        }
        if let key = Data(base64Encoded: fields[1]).map(Array.init), key.count == 32, let weakness = keyWeakness(key) {
            fatalError("Config/signing-keys:\(index + 1): the key '\(fields[1])' \(weakness); remove the line, and list the public key of a real key pair (openssl pkey -in signing.pem -pubout -outform DER | tail -c 32 | base64)")
        }
        lines.append(fields.joined(separator: " "))
    }
    return lines.joined(separator: "\\n")
}

/// Config/repository: the project's GitHub address (`https://github.com/OWNER/REPO`), which every
/// help page's LEARN MORE footer links (ProjectLinks.swift). A missing file or a malformed address
/// stops the build, naming it: it becomes a C string and is shown on terminals.
func repositoryURL() -> String {
    let path = Context.packageDirectory + "/Config/repository"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        fatalError("\(path): cannot read the repository's address; restore it from git (git checkout -- Config/repository)")
    }
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    guard lines.count == 1, let url = lines.first,
          url.range(of: "\\Ahttps://[A-Za-z0-9.-]+(/[A-Za-z0-9_.~-]+)+\\z", options: .regularExpression) != nil else {
        fatalError("Config/repository: one line, the repository's https address (https://github.com/OWNER/REPO), and # comments")
    }
    return url
}

/// The table as the binaries read it (EnvironmentTable.swift): one row a line, fields one space apart.
let compiledTable = environments.map { $0.joined(separator: " ") }.joined(separator: "\\n")

let package = Package(
    name: "meli",
    platforms: [.macOS(.v15)],
    products: environments.map { .executable(name: $0[1], targets: ["meli-main"]) },
    targets: [
        // Version, commit and build date, stamped by scripts/build through a header it puts on the
        // include path (see BuildStamp.c, BuildInfo.swift). The environments table, the signing
        // keys and the repository come from this manifest.
        .target(name: "CBuildStamp", cSettings: [
            .define("MELI_ENVIRONMENTS", to: "\"\(compiledTable)\""), .define("MELI_SIGNING_KEYS", to: "\"\(signingKeys())\""),
            .define("MELI_REPOSITORY", to: "\"\(repositoryURL())\""),
        ]),
        // The process's set-up before main (one malloc arena), in every binary and the tests:
        // Sources/CProcessSetup/ProcessSetup.c.
        // Optimised even in a debug build: its SHA-256 block function hashes whole packages
        // (SHA256.c).
        .target(name: "CProcessSetup", cSettings: [.unsafeFlags(["-O2"])]),
        // All logic; imports FoundationEssentials only, never all of Foundation.
        .target(name: "MeliCore", dependencies: ["CBuildStamp", "CProcessSetup"]),
        // The system's libcurl, for MeliHTTP, loaded with dlopen on the first request (not linked:
        // its ~30 libraries cost every start ~10 ms) and typed wrappers for its variadic calls;
        // see Sources/CCurl/include/CCurl.h. Building needs libcurl's headers (Debian:
        // libcurl4-openssl-dev; on macOS the SDK's); running needs libcurl.so.4 (libcurl4).
        // Its one exported symbol tells GnuTLS not to initialise itself (see ccurl.c).
        .target(name: "CCurl", linkerSettings: [
            .linkedLibrary("dl", .when(platforms: [.linux])),
            .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=_gnutls_global_init_skip"], .when(platforms: [.linux])),
        ]),
        // The HTTP transport (libcurl), kept apart behind MeliCore's HTTPTransport protocol. No
        // Foundation here: the shipped binary links neither Foundation nor FoundationNetworking.
        .target(name: "MeliHTTP", dependencies: ["MeliCore", "CCurl"]),
        // Every binary: which one it is, it learns from its own file name.
        .executableTarget(name: "meli-main", dependencies: ["MeliCore", "MeliHTTP"]),
        // The fuzz targets (env files, API answers) and `meli-fuzz`, which replays inputs or, built by
        // scripts/fuzz with libFuzzer, looks for new ones. Not part of any product.
        .target(name: "MeliFuzz", dependencies: ["MeliCore"]),
        .target(name: "CFuzzer"),
        .executableTarget(name: "meli-fuzz", dependencies: ["MeliCore", "MeliFuzz", "CFuzzer"]),
        .testTarget(name: "MeliCoreTests", dependencies: ["MeliCore", "MeliHTTP", "MeliFuzz"], exclude: ["Golden", "Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
