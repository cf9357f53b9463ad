/// A setting meli knows, as every consumer loops over it (`Settings.all`): its name, where it may
/// be given, what it is for, its default, and, for one read as a typed value (`Setting`), how it is
/// checked, shown and overridden by a flag. Two keys are the same when their names are.
package struct SettingKey: Sendable, Hashable {
    /// Where a key may be given.
    package enum Place: Sendable, Hashable {
        /// In an environment file, overridable by a process environment variable of the same name.
        case fileOrEnvironment
        /// Only in the process environment (it chooses the file, or is a secret never written to disk).
        case environmentOnly
    }

    package let name: String
    package let place: Place
    /// What it is for, in both languages (the man page's ENVIRONMENT section).
    package let summary: Message
    /// The value when nothing sets the key.
    package let defaultValue: String?
    /// How a typed setting is checked, shown and overridden; nil for a key used as text where it is read.
    let typed: TypedSetting?
    /// The check of a key used as text, when set (MELI_UPDATE_KEYS): why its value is refused, or nil.
    let check: (@Sendable (String) -> Message?)?

    /// A key used as text where it is read (`environment.setting(name)`), optionally checked when set.
    init(
        _ name: String, place: Place = .fileOrEnvironment, summary: Message, defaultValue: String? = nil,
        typed: TypedSetting? = nil, check: (@Sendable (String) -> Message?)? = nil
    ) {
        self.name = name
        self.place = place
        self.summary = summary
        self.defaultValue = defaultValue
        self.typed = typed
        self.check = check
    }

    /// Whether a run fails without it: a typed setting with no default.
    package var isRequired: Bool { typed != nil && defaultValue == nil }

    package static func == (lhs: SettingKey, rhs: SettingKey) -> Bool { lhs.name == rhs.name }
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension SettingKey {
    /// The single feed key of old versions, shared by all three binaries; now only warned about.
    package static let retiredUpdateFeedURL = "MELI_UPDATE_FEED_URL"

    /// The feed key `environment`'s binary reads, `MELI_<NAME>_UPDATE_FEED_URL`; the others' are ignored by it.
    package static func updateFeedURL(for environment: EnvironmentName) -> SettingKey {
        SettingKey(environment.updateFeedKey, summary: .SettingSummaries.updateFeedURLSummary(binary: environment.binary))
    }

    /// The feed key of the binary named `binary` (`meli-qa`), nil for a name no environment builds.
    package static func updateFeedURL(forBinary binary: String) -> SettingKey? {
        EnvironmentTable.compiled.row(forBinary: binary).map(updateFeedURL(for:))
    }

    /// Whether a key's value is a secret that `env` and the logs must never show: a name holding
    /// TOKEN, SECRET, PASS (PASSWORD, PASSWD, PASSPHRASE, DB_PASS), PRIVATE, CREDENTIAL or APIKEY,
    /// named KEY, or ending in _KEY (`API_KEY`, `SIGNING_KEY`), _PAT (a personal access token),
    /// _SK (a secret key), _PW or _PWD. Matching more costs nothing but a masked value; missing one
    /// leaks it, through any value worked out from it (`MELI_X = $(DB_PASS)`).
    ///
    /// Every run asks this of each variable in its process environment, so an ASCII name (all of
    /// them, in practice) is matched on its bytes: `String.contains` from StringProcessing made it
    /// more than half of the instructions of `meli --version`. Other names take the Unicode path,
    /// where `uppercased()` also maps letters such as `ſ` to `S`.
    package static func isSecret(_ name: String) -> Bool {
        var bytes = Array(name.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            let upper = name.uppercased()
            return secretWords.contains { upper.contains(text: $0) } || upper == "KEY" || secretSuffixes.contains { upper.hasSuffix("_" + $0) }
        }
        for index in bytes.indices where bytes[index] >= UInt8(ascii: "a") && bytes[index] <= UInt8(ascii: "z") {
            bytes[index] -= 0x20
        }
        // `_KEY`, `_PAT`...: what follows the last `_` (none of them holds one), found in one scan.
        if let underscore = bytes.lastIndex(of: UInt8(ascii: "_")), secretSuffixBytes.contains(where: { bytes[(underscore + 1)...].elementsEqual($0) }) {
            return true
        }
        if bytes.elementsEqual("KEY".utf8) { return true }
        // One pass: a word is compared only where a byte is its first letter (every variable of
        // the process environment is asked, at every run).
        for start in bytes.indices where secretWordFirsts[Int(bytes[start])] {
            for word in secretWordBytes where word[0] == bytes[start] && start + word.count <= bytes.count {
                if bytes[start..<(start + word.count)].elementsEqual(word) { return true }
            }
        }
        return false
    }

    /// Held anywhere in a name (PASS covers PASSWORD and PASSWD).
    private static let secretWords = ["TOKEN", "SECRET", "PASS", "PRIVATE", "CREDENTIAL", "APIKEY"]
    private static let secretWordBytes = secretWords.map { Array($0.utf8) }
    /// Whether a byte is the first of one of the words, by value.
    /// (A loop: `(0..<256).map` with a search per byte cost 28K instructions of every run.)
    private static let secretWordFirsts: [Bool] = {
        var firsts = [Bool](repeating: false, count: 256)
        for word in secretWordBytes { firsts[Int(word[0])] = true }
        return firsts
    }()
    /// Ending a name after a `_` (not alone: PWD is the working folder).
    private static let secretSuffixes = ["KEY", "PAT", "SK", "PW", "PWD"]
    private static let secretSuffixBytes = secretSuffixes.map { Array($0.utf8) }

    static let namespacePrefix = "MELI_"
}
