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
    /// where `uppercased()` also maps letters such as `ſ` to `S`; for an ASCII name both agree
    /// (SettingKeyTests compares them).
    package static func isSecret(_ name: String) -> Bool {
        if let answer = name.utf8.withContiguousStorageIfAvailable(isSecretASCII), let known = answer { return known }
        return isSecretByScalars(name)
    }

    /// `isSecret` of a name past ASCII, on its characters, uppercased the Unicode way.
    static func isSecretByScalars(_ name: String) -> Bool {
        let upper = name.uppercased()
        return secretWords.contains { upper.contains(text: $0.description) } || upper == "KEY"
            || secretSuffixes.contains { upper.hasSuffix("_" + $0.description) }
    }

    /// `isSecret` of an ASCII name, on its bytes, with no copy: nil when a byte is past ASCII.
    /// (It copied the name into an array and read the lists through their generic slices: 4,600
    /// instructions a variable, 0.18M of every run in a shell of 39 variables.)
    static func isSecretASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        var lastUnderscore = -1
        for index in bytes.indices {
            if bytes[index] >= 0x80 { return nil }
            if bytes[index] == UInt8(ascii: "_") { lastUnderscore = index }
        }
        // Whether `word` (uppercase) is spelled at `start`, in either case.
        func spells(_ word: StaticString, at start: Int) -> Bool {
            let count = word.utf8CodeUnitCount
            guard start + count <= bytes.count else { return false }
            for offset in 0..<count where uppercase(bytes[start + offset]) != word.utf8Start[offset] { return false }
            return true
        }
        // `_KEY`, `_PAT`...: all that follows the last `_` (none of them holds one).
        if lastUnderscore >= 0 {
            let tail = lastUnderscore + 1
            for suffix in secretSuffixes where suffix.utf8CodeUnitCount == bytes.count - tail && spells(suffix, at: tail) { return true }
        }
        if bytes.count == 3 && spells("KEY", at: 0) { return true }
        // A word at a time, compared only where a byte is its first letter.
        for word in secretWords where word.utf8CodeUnitCount <= bytes.count {
            let first = word.utf8Start[0]
            for start in 0...(bytes.count - word.utf8CodeUnitCount) where uppercase(bytes[start]) == first && spells(word, at: start) {
                return true
            }
        }
        return false
    }

    private static func uppercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 0x20 : byte
    }

    /// Held anywhere in a name (PASS covers PASSWORD and PASSWD).
    private static let secretWords: [StaticString] = ["TOKEN", "SECRET", "PASS", "PRIVATE", "CREDENTIAL", "APIKEY"]
    /// Ending a name after a `_` (not alone: PWD is the working folder).
    private static let secretSuffixes: [StaticString] = ["KEY", "PAT", "SK", "PW", "PWD"]

    static let namespacePrefix = "MELI_"
}
