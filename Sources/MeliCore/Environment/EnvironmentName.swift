/// One environment: one row of `Config/environments`, the table every binary is built with.
/// Which one a binary is, it finds from its own file name (`EnvironmentTable.compiled`); nothing
/// in the code names a particular environment, so adding one is a row and an env file.
package struct EnvironmentName: Sendable, Hashable {
    /// `dev`, `qa`, `production`: what scripts take (`scripts/build qa`) and `--version` shows.
    package var rawValue: String
    /// The executable's name, which also names its folders and packages: `meli-qa`.
    package var binary: String
    /// The environment file it reads: `QA.env`.
    package var fileName: String
    /// The GitHub pre-release its update channel is published to (`qa-channel`), if it has one.
    package var channel: String?
    /// The git refs CI builds it from, as shell patterns: `release/?*`, or `v*` for release tags.
    package var builds: [String]

    package init(_ rawValue: String, binary: String, fileName: String, channel: String? = nil, builds: [String] = []) {
        self.rawValue = rawValue
        self.binary = binary
        self.fileName = fileName
        self.channel = channel
        self.builds = builds
    }

    /// The environment's name; the same as `rawValue`.
    package var name: String { rawValue }

    /// Every environment this binary was built with, in the table's order.
    package static var allCases: [EnvironmentName] { EnvironmentTable.compiled.rows }

    /// Whether it is built from release tags (`v*`): its builds are releases, not test builds.
    package var isRelease: Bool { builds.contains("v*") }

    /// How messages call it: its env file's name without `.env` (`QA`, `Dev`, `Staging`).
    package var title: String { fileName.hasSuffix(".env") ? String(fileName.dropLast(4)) : fileName }

    /// The key naming its update feed: `MELI_QA_UPDATE_FEED_URL`.
    package var updateFeedKey: String { "MELI_\(rawValue.uppercased())_UPDATE_FEED_URL" }
}
