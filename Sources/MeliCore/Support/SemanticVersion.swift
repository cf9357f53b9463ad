/// A semantic version (semver.org 2.0): `1.2.0`, `1.3.0-rc.2`, `1.3.0-dev.14+abc1234`, ordered by
/// precedence (build metadata after `+` does not count; a pre-release sorts before its release).
package struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var major: Int
    package var minor: Int
    package var patch: Int
    package var preRelease: [String]
    package var build: String?

    package init?(_ text: String) {
        let plus = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)
        let main = plus[0].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let numbers = main[0].split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 3,
              numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) && ($0 == "0" || !$0.hasPrefix("0")) }),
              let major = Int(numbers[0]), let minor = Int(numbers[1]), let patch = Int(numbers[2])
        else { return nil }
        let pre = main.count > 1 ? main[1].split(separator: ".", omittingEmptySubsequences: false).map(String.init) : []
        guard pre.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } }) else { return nil }
        if plus.count > 1, plus[1].isEmpty { return nil }
        (self.major, self.minor, self.patch, preRelease, build) = (major, minor, patch, pre, plus.count > 1 ? String(plus[1]) : nil)
    }

    package var description: String {
        "\(major).\(minor).\(patch)" + (preRelease.isEmpty ? "" : "-" + preRelease.joined(separator: ".")) + (build.map { "+" + $0 } ?? "")
    }

    package static func == (a: SemanticVersion, b: SemanticVersion) -> Bool { !(a < b) && !(b < a) }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
        hasher.combine(preRelease)
    }

    package static func < (a: SemanticVersion, b: SemanticVersion) -> Bool {
        if (a.major, a.minor, a.patch) != (b.major, b.minor, b.patch) { return (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch) }
        if a.preRelease.isEmpty || b.preRelease.isEmpty { return !a.preRelease.isEmpty && b.preRelease.isEmpty }
        for (x, y) in zip(a.preRelease, b.preRelease) where x != y {
            switch (Self.digits(x), Self.digits(y)) {
            case let (m?, n?):
                // Numbers of any size, as numbers: "rc.10000000000000000000" (past Int64) was
                // compared as text, so "rc.93…" counted as newer and a downgrade went through.
                if m.count != n.count { return m.count < n.count }
                if m != n { return m.lexicographicallyPrecedes(n) }
            case (.some, nil): return true
            case (nil, .some): return false
            default: return x < y
            }
        }
        return a.preRelease.count < b.preRelease.count
    }

    /// A numeric identifier's digits without leading zeros, or nil for one with other characters.
    private static func digits(_ identifier: String) -> [UInt8]? {
        let bytes = Array(identifier.utf8)
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Array(bytes.drop(while: { $0 == UInt8(ascii: "0") }))
    }
}
