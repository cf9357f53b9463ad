/// The check of a package's links before any is made, in time linear in the length of their
/// targets: no entry lies under a link, and each link, resolved from its folder as the system
/// would (through the package's other links, at most 40 of them, as the kernel's ELOOP), ends
/// inside the top folder, without touching the disk.
///
/// The package's paths are held as a tree of components, so a step of a resolution (`name`,
/// `.`, `..`) is one lookup rather than a join of the whole path so far (which made one 60 KB
/// target 95 s of work), and each link is resolved once: another link's resolution that goes
/// through it continues from where it led.
struct PackageLinks {
    /// Node 0 is the staging folder; every other node is a component below it.
    private var parents: [Int] = [0]
    private var children: [[[UInt8]: Int]] = [[:]]
    /// Whether the node is the top folder or lies inside it.
    private var inside: [Bool] = [false]
    private var targets: [Int: [UInt8]] = [:]
    /// Where each link resolved to, and how many links that took.
    private var resolved: [Int: (node: Int, follows: Int)] = [:]
    private var resolving: Set<Int> = []
    private let top: [UInt8]
    /// Components walked by every resolution so far: at most the total of the targets' components.
    private(set) var steps = 0

    static let maxFollows = 40
    private static let slash = UInt8(ascii: "/")
    private static let dot = Array(".".utf8)
    private static let dotDot = Array("..".utf8)

    /// `links` and `written` are paths below the staging folder, `/`-joined, without `.` or `..`.
    init(top: [UInt8], links: [[UInt8]: [UInt8]], written: Set<[UInt8]>) {
        self.top = top
        for path in written { _ = node(path) }
        for (path, target) in links { targets[node(path)] = target }
    }

    /// Whether the package holds an entry (a file, folder or link) under the link at `path`.
    mutating func hasEntryUnder(link path: [UInt8]) -> Bool {
        !children[node(path)].isEmpty
    }

    /// Whether the link at `path` resolves inside the top folder.
    mutating func staysInside(link path: [UInt8]) -> Bool {
        guard let end = resolve(node(path), budget: Self.maxFollows) else { return false }
        return inside[end.node]
    }

    /// Where the link `link` leads, or nil when it leads out of the staging folder, is absolute,
    /// or takes more than `budget` links to resolve. Recursion is at most `maxFollows` deep: each
    /// level has a smaller budget.
    private mutating func resolve(_ link: Int, budget: Int) -> (node: Int, follows: Int)? {
        if let known = resolved[link] { return known.follows <= budget ? known : nil }
        // A link in the staging folder itself would be the top folder (or another one).
        guard let target = targets[link], parents[link] != 0, target.first != Self.slash, budget >= 0,
              resolving.insert(link).inserted else { return nil }
        defer { resolving.remove(link) }
        var place = parents[link]
        var follows = 0
        for part in target.split(separator: Self.slash) {
            steps += 1
            if part.elementsEqual(Self.dot) { continue }
            if part.elementsEqual(Self.dotDot) {
                place = parents[place]
                // The staging folder is not part of the package: its name is not the installed one.
                guard place != 0 else { return nil }
                continue
            }
            let next = child(of: place, Array(part))
            guard targets[next] != nil else {
                place = next
                continue
            }
            guard let through = resolve(next, budget: budget - follows - 1) else { return nil }
            follows += 1 + through.follows
            guard follows <= budget else { return nil }
            place = through.node
        }
        resolved[link] = (place, follows)
        return (place, follows)
    }

    /// The node of `path`, made with those above it when missing.
    private mutating func node(_ path: [UInt8]) -> Int {
        var place = 0
        for part in path.split(separator: Self.slash) { place = child(of: place, Array(part)) }
        return place
    }

    private mutating func child(of parent: Int, _ name: [UInt8]) -> Int {
        if let known = children[parent][name] { return known }
        let made = parents.count
        parents.append(parent)
        children.append([:])
        inside.append(inside[parent] || (parent == 0 && name == top))
        children[parent][name] = made
        return made
    }
}
