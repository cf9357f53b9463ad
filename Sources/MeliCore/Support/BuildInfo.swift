import CBuildStamp

/// What this binary was built from. `scripts/build` stamps the values through a header,
/// `meli-build-stamp.h` (see `Sources/CBuildStamp`); a plain `swift build` is unstamped.
package struct BuildInfo: Sendable, Hashable {
    package var version: String
    package var commit: String
    /// The commit's time (ISO 8601), or empty when unstamped.
    package var date: String

    package static let unstampedVersion = "0.0.0-unstamped"

    package static let current = BuildInfo(
        version: stamped(meli_build_version()) ?? unstampedVersion,
        commit: stamped(meli_build_commit()) ?? "unknown",
        date: stamped(meli_build_date()) ?? "")

    private static func stamped(_ value: UnsafePointer<CChar>) -> String? {
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}
