/// The directories one binary keeps to itself, named after it, following the XDG base directories.
///
/// Nothing here creates them: a command that writes creates what it needs, when it needs it.
package struct AppDirectories: Hashable, Sendable {
    package var config: String
    package var cache: String
    package var state: String

    /// `$XDG_CONFIG_HOME/<binary>` (default `~/.config/<binary>`), and likewise cache
    /// (`~/.cache`) and state (`~/.local/state`). A relative or empty XDG variable is ignored, as
    /// the XDG specification asks. Returns `nil` when neither the variable nor `HOME` is usable.
    package static func resolve(binary: String, environment: [String: String]) -> AppDirectories? {
        func base(_ variable: String, _ fallback: String) -> String? {
            if let value = environment[variable], value.hasPrefix("/") { return PathName.normalize(value) }
            guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
            return PathName.normalize(home + "/" + fallback)
        }
        guard let config = base("XDG_CONFIG_HOME", ".config"),
              let cache = base("XDG_CACHE_HOME", ".cache"),
              let state = base("XDG_STATE_HOME", ".local/state")
        else { return nil }
        return AppDirectories(config: config + "/" + binary, cache: cache + "/" + binary, state: state + "/" + binary)
    }
}
