/// `KEY = VALUE` as written in a file.
struct Assignment: Hashable, Sendable {
    var key: String
    var value: ValueTemplate
    /// Where the key starts.
    var keyLocation: SourceLocation
    /// Where the value starts (just after `=` and any spaces).
    var valueLocation: SourceLocation
    /// `[env=dev]...` after the key: the assignment applies only where all of them match.
    var conditions: [SettingCondition] = []
}

/// One meaningful line of an environment file.
enum Statement: Hashable, Sendable {
    case assignment(Assignment)
    /// `#include "path"` (`optional` for `#include?`).
    case include(path: String, optional: Bool, location: SourceLocation)
}
