/// How much the logger writes, most verbose first (swift-log's levels).
package enum LogLevel: String, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    case trace, debug, info, notice, warning, error, critical

    /// Accepts any letter case (`DEBUG`).
    package init?(parsing text: String) {
        self.init(rawValue: text.lowercased())
    }

    package static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// `steps` levels more verbose (positive) or quieter (negative), clamped to the ends.
    package func shifted(by steps: Int) -> LogLevel {
        let index = LogLevel.allCases.firstIndex(of: self)! - steps
        return LogLevel.allCases[min(max(index, 0), LogLevel.allCases.count - 1)]
    }

    package var description: String { rawValue }

    static let choices = allCases.map(\.rawValue).joined(separator: ", ")
}
