/// Seconds to wait for one HTTP request: a positive decimal number such as `30` or `2.5`.
package struct HTTPTimeout: Hashable, Sendable, CustomStringConvertible {
    package let seconds: Double

    /// The longest wait for one request: a day. Longer ones (9223372036854775807) overflowed the
    /// nanoseconds a wait is counted in and stopped the program.
    package static let greatest = 86_400.0

    /// The most seconds connecting (TCP and TLS, to the host or its proxy) may take of a request's
    /// timeout: a dropped connection attempt does not answer later, and a retry gets a fresh one.
    package static let connectCap = 10.0

    /// The seconds connecting may take of a request that has `timeout` seconds: what a connect
    /// timeout is set to and names.
    package static func connectSeconds(within timeout: Double) -> Double { min(timeout, connectCap) }

    /// Digits with an optional fraction, at most `greatest`; no sign, exponent, unit, `inf` or `nan`.
    package init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let seconds = Double(text), seconds > 0, seconds <= Self.greatest
        else { return nil }
        self.seconds = seconds
    }

    package var description: String { Self.text(seconds) }

    /// `30` or `2.5`.
    static func text(_ seconds: Double) -> String { JSONValue.number(seconds).serialized() }
}
