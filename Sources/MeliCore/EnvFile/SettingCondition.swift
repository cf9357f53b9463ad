/// One `[name=pattern]` of a conditional assignment (`MELI_LOG_LEVEL[env=dev] = debug`), as Xcode
/// writes them: the assignment applies only where every one of its conditions matches.
struct SettingCondition: Hashable, Sendable, CustomStringConvertible {
    /// What a condition can test.
    enum Parameter: String, CaseIterable, Sendable {
        /// The environment's name: `dev`, `qa`, `production` (Config/environments).
        case env
        /// The running binary's name: `meli-qa`.
        case binary
        /// `linux` or `macos`.
        case os
        /// `x86_64` or `arm64`.
        case arch
        /// Xcode's own conditions: accepted so that real xcconfig files load; they have no value here.
        case sdk, config, variant

        static let names = allCases.map(\.rawValue)
    }

    /// The name as written (`env`, or an unknown one such as `cpu`).
    var name: String
    /// Nil for a name meli does not know (`[cpu=z80]`, `[sub1=sub2]`): as in Xcode, such a
    /// condition has no value, so it matches only the pattern `*` (a warning says so; `EnvFileParser`).
    var parameter: Parameter?
    /// An `fnmatch`-style pattern: `*` any run of characters, `?` any one.
    var pattern: String
    /// Where the `[` is.
    var location: SourceLocation

    init(name: String, pattern: String, location: SourceLocation) {
        self.name = name
        parameter = Parameter(rawValue: name)
        self.pattern = pattern
        self.location = location
    }

    /// `[env=dev]`, as written.
    var description: String { "[\(name)=\(pattern)]" }
}

/// The values the conditions of one run are tested against.
package struct ConditionValues: Hashable, Sendable {
    // One property a parameter, not a dictionary keyed by `Parameter`: making that dictionary
    // type's metadata cost the runtime a scan of every conformance (146K instructions a run).
    private var env, binary, os, arch: String?

    /// A run of `binary`, in environment `environment`, on this machine.
    package init(environment: String, binary: String) {
        (env, self.binary, os, arch) = (environment, binary, Self.currentOS, Self.currentArch)
    }

    /// No values: only conditions written `[name=*]` match (an env file read outside any run).
    static let none = ConditionValues()

    private init() {}

    /// The value `parameter` has in this run; nil for those meli gives none (`sdk`).
    func value(of parameter: SettingCondition.Parameter) -> String? {
        switch parameter {
        case .env: env
        case .binary: binary
        case .os: os
        case .arch: arch
        case .sdk, .config, .variant: nil
        }
    }

    /// Whether an assignment with `conditions` applies: all of them match. As in Xcode's
    /// `MacroCondition.evaluate`, a parameter without a value (`sdk`, or a name meli does not know)
    /// matches only the pattern `*`.
    func matches(_ conditions: [SettingCondition]) -> Bool {
        conditions.allSatisfy { condition in
            guard let parameter = condition.parameter, let value = value(of: parameter) else { return condition.pattern == "*" }
            return Glob.matches(condition.pattern, value)
        }
    }

    static var currentOS: String {
        #if os(macOS)
        "macos"
        #elseif os(Linux)
        "linux"
        #else
        "other"
        #endif
    }

    static var currentArch: String {
        #if arch(x86_64)
        "x86_64"
        #elseif arch(arm64)
        "arm64"
        #else
        "other"
        #endif
    }
}

/// `fnmatch` without flags, for the patterns of conditions (which cannot hold `]`, so no brackets):
/// `*` matches any run of characters, `?` any one character, everything else itself.
enum Glob {
    /// In time proportional to the pattern's length times the text's at worst (one backtrack point).
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern)
        let t = Array(text)
        var pi = 0
        var ti = 0
        var star: (pattern: Int, text: Int)?
        while ti < t.count {
            if pi < p.count, p[pi] == "*" {
                star = (pi, ti)
                pi += 1
            } else if pi < p.count, p[pi] == "?" || p[pi] == t[ti] {
                pi += 1
                ti += 1
            } else if let backtrack = star {
                pi = backtrack.pattern + 1
                ti = backtrack.text + 1
                star = (backtrack.pattern, backtrack.text + 1)
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
