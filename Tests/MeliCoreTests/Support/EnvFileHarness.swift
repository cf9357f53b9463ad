@testable import MeliCore

/// Loads and resolves environment files written into a temporary directory, the way a run does,
/// and reports values and diagnostics in short forms that read well in test tables.
struct EnvFileHarness {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    struct Outcome {
        var values: [String: String]
        var origins: [String: String]
        /// `file:line:column: severity: message`, paths relative to the temporary directory.
        var diagnostics: [String]
        var files: [String]
        /// The errors' messages, in order: what a test compares, rather than their words.
        var errorMessages: [Message]

        var errors: [String] { diagnostics.filter { $0.contains(": error: ") } }
        var warnings: [String] { diagnostics.filter { $0.contains(": warning: ") } }
        /// `file:line:column` of each error.
        var errorPlaces: [String] { errors.map { String($0.split(separator: ": ")[0]) } }
    }

    /// Writes `files` and resolves `root`.
    func resolve(
        _ files: [String: String], root: String = "Main.env", environment: [String: String] = [:], conditions: ConditionValues = .none
    ) throws -> Outcome {
        for (name, text) in files { try directory.write(name, text) }
        return resolveWritten(root: root, environment: environment, conditions: conditions)
    }

    func resolveBytes(_ bytes: [UInt8], environment: [String: String] = [:]) throws -> Outcome {
        try directory.write("Main.env", bytes: bytes)
        return resolveWritten(root: "Main.env", environment: environment)
    }

    private func resolveWritten(root: String, environment: [String: String], conditions: ConditionValues = .none) -> Outcome {
        let base = directory.path
        let loader = EnvFileLoader(displayPath: { PathName.display($0, relativeTo: base) })
        let loaded = loader.load(base + "/" + root)
        var overrides: [String: (value: String, origin: SettingOrigin)] = [:]
        for (name, value) in environment where name.hasPrefix("MELI_") { overrides[name] = (value, .environment(name)) }
        var resolver = SettingsResolver(
            assignments: loaded.assignments, overrides: overrides, processEnvironment: environment, conditions: conditions)
        let settings = resolver.resolveAll()
        let diagnostics = (loaded.diagnostics + resolver.diagnostics).limitedPerFile()
        return Outcome(
            values: Dictionary(uniqueKeysWithValues: settings.map { ($0.key, $0.value) }),
            origins: Dictionary(uniqueKeysWithValues: settings.map { ($0.key, $0.origin.description) }),
            diagnostics: diagnostics.map(Self.short),
            files: loaded.files.map { PathName.display($0, relativeTo: base) },
            errorMessages: diagnostics.filter { $0.severity == .error }.map(\.text))
    }

    static func short(_ d: Diagnostic) -> String {
        let place = d.location.map { "\($0): " } ?? (d.subject.map { "\($0): " } ?? "")
        return "\(place)\(d.severity.rawValue): \(d.message)"
    }
}
