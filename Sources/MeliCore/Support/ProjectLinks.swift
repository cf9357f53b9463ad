import CBuildStamp

/// Where a user reads more and reports a problem: the project's repository (Config/repository,
/// compiled in by Package.swift, set by scripts/adopt), its README and its issue tracker. The one
/// place these addresses come from; every help page's LEARN MORE footer shows them.
package struct ProjectLinks: Sendable, Hashable {
    /// `https://github.com/OWNER/REPO`.
    package var repository: String

    /// The links of the repository at `repository`.
    package init(repository: String) {
        self.repository = repository
    }

    /// Whether no repository is set yet: a fresh checkout's Config/repository holds the template
    /// `https://github.com/OWNER/REPO` until scripts/adopt writes the real one. Help shows no link
    /// then, rather than an address that leads nowhere.
    package var isPlaceholder: Bool {
        !repository.hasPrefix("https://") || repository.hasSuffix("/OWNER/REPO")
    }

    /// The README as GitHub shows it.
    package var readme: String { repository + "#readme" }
    /// Where problems are reported.
    package var issues: String { repository + "/issues" }

    /// The address this binary was built with.
    package static let compiled = ProjectLinks(repository: String(cString: meli_repository()))
}
