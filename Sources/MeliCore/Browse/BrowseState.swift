/// Everything `browse` shows, as a value. SKELETON until the state machine lands.
package struct BrowseState: Sendable, Hashable {
    package var size: TerminalSize
    package var binary: String

    /// `site`: the site to browse, nil to choose one first (`defaultSite` preselected);
    /// `query`: the words to search for at once.
    package init(binary: String, site: String?, defaultSite: String, query: String?, size: TerminalSize) {
        self.binary = binary
        self.size = size
    }
}

/// `browse`'s state machine: pure functions from a state and an event to the next state and the
/// effects to perform.
package enum Browse {
    /// The effects to begin with (the sites to choose from, or the first search).
    package static func start(_ state: BrowseState) -> (BrowseState, [BrowseEffect]) { (state, [.quit]) }

    /// The next state after `event`, and what to do.
    package static func update(_ state: BrowseState, _ event: BrowseEvent) -> (BrowseState, [BrowseEffect]) { (state, []) }
}
