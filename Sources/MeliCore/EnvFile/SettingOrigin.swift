/// Where a setting's final value came from, as `env` shows it.
package enum SettingOrigin: Hashable, Sendable, CustomStringConvertible {
    /// An assignment in an environment file (the key's location).
    case file(SourceLocation)
    /// A process environment variable of this name.
    case environment(String)
    /// A command-line option, such as `--log-level`.
    case flag(String)
    /// Nothing set it; meli's built-in default applies.
    case builtIn

    /// `Config/QA.env:4`, `MELI_LOG_LEVEL` or `--log-level`.
    package var description: String {
        switch self {
        case .file(let location): location.pathAndLine
        case .environment(let name): name
        case .flag(let name): name
        case .builtIn: "default"
        }
    }
}

/// One step of how a setting got its value (`env --explain`): where, the value after it, the
/// conditions that selected the assignment (`[env=dev]`), `nil` for none, and whether the value is
/// a secret (a secret-named key's, or worked out from one), which no view shows.
package struct ExplainStep: Hashable, Sendable {
    package var origin: SettingOrigin
    /// Nil where it could not be worked out.
    package var value: String?
    package var condition: String?
    package var isSecret: Bool
}

/// One setting's final value.
package struct ResolvedSetting: Hashable, Sendable {
    /// Whether no view shows the value: its name is a secret's, or it was worked out from one.
    var isShownMasked: Bool { isSecret || SettingKey.isSecret(key) }

    package var key: String
    package var value: String
    package var origin: SettingOrigin
    /// Where the value starts in its file, for diagnostics about the value itself.
    package var valueLocation: SourceLocation?
    /// The conditions of the assignment that gave the value (`[env=dev]`), empty for none.
    var conditions: [SettingCondition] = []
    /// Whether the value is a secret: the key is named like one (`SettingKey.isSecret`), or the
    /// value was worked out from one (`$(MELI_ACCESS_TOKEN:upper)`). Every view masks it whole.
    package var isSecret = false
}
