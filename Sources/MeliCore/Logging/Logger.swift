#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes log lines to standard error at or above a level: `2026-11-21T18:52:53.123Z debug: message`.
///
/// Every line passes through the redactor, so a secret that reaches a message by mistake is still
/// never written, and through `TerminalText.clean`, so what a server sent (a Location, a header
/// at trace) cannot move the cursor or retitle the window, nor start a line of its own.
package struct Logger: Sendable {
    package var level: LogLevel
    private let output: TextOutput
    private let style: TextStyle
    private let redactor: Redactor
    private let now: @Sendable () -> Date

    package init(level: LogLevel, output: TextOutput, style: TextStyle, redactor: Redactor, now: @escaping @Sendable () -> Date) {
        self.level = level
        self.output = output
        self.style = style
        self.redactor = redactor
        self.now = now
    }

    package func isEnabled(_ messageLevel: LogLevel) -> Bool { messageLevel >= level }

    /// Logs `message` (built only when the level is enabled).
    package func log(_ messageLevel: LogLevel, _ message: @autoclosure () -> String) {
        guard isEnabled(messageLevel) else { return }
        let stamp = style.paint(Timestamp.iso8601(now()), .gray)
        let label = style.paint(messageLevel.rawValue + ":", Self.color(messageLevel), bold: messageLevel >= .error)
        output.line("\(stamp) \(label) \(TerminalText.clean(redactor.redact(message())))")
    }

    package func trace(_ message: @autoclosure () -> String) { log(.trace, message()) }
    package func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    package func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    package func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }

    private static func color(_ level: LogLevel) -> TextStyle.Color {
        switch level {
        case .trace, .debug: .gray
        case .info, .notice: .blue
        case .warning: .yellow
        case .error, .critical: .red
        }
    }
}

/// UTC timestamps without ICU.
package enum Timestamp {
    /// `2026-11-21T18:52:53.123Z`.
    package static func iso8601(_ date: Date) -> String {
        let milliseconds = Int64(saturating: (date.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let (days, secondOfDay) = floorDivide(seconds.quotient, 86_400)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let millis = (seconds.remainder + 1000) % 1000
        let fraction = String(String(millis + 1000).dropFirst())
        return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)).\(fraction)Z"
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let (q, r) = a.quotientAndRemainder(dividingBy: b)
        return r < 0 ? (q - 1, r + b) : (q, r)
    }

    /// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
    static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
