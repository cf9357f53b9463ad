/// Seconds to wait for one HTTP request: a positive decimal number such as `30` or `2.5`.
package struct HTTPTimeout: Hashable, Sendable, CustomStringConvertible {
    package let seconds: Double

    /// Digits with an optional fraction; no sign, exponent, unit, `inf` or `nan`.
    package init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let seconds = Double(text), seconds > 0, seconds.isFinite
        else { return nil }
        self.seconds = seconds
    }

    package var description: String { Self.text(seconds) }

    /// `30` or `2.5`.
    static func text(_ seconds: Double) -> String { JSONValue.number(seconds).serialized() }
}
