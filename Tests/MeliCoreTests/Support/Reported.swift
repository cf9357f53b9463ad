@testable import MeliCore

/// What the error reporter prints for an error, in English on a plain standard error: tests check
/// that the error they expect is the one reported, without writing its words out again (only the
/// golden files look at words).
enum Reported {
    /// A failure's lines after `binary: `: `error: TEXT` and its hint.
    static func words(_ failure: CommandFailure) -> String {
        "error: " + failure.text.english + "\n" + (failure.hint.map { $0.english + "\n" } ?? "")
    }

    /// Everything the reporter prints for `error`: `binary: error: ...` and the lines after it (the
    /// suggestion and `Run '... --help'` of a usage error, a failure's hint).
    static func stderr(_ error: any Error, binary: String, language: Language = .english) -> String {
        let buffer = OutputBuffer()
        _ = ErrorReporter(binary: binary, stderr: buffer.output(), style: .plain, language: language).report(error)
        return buffer.text
    }
}

extension Reported {
    /// Stands in an expected error for words that come from the system or the network (a
    /// connection's reason, the paths searched), which a test cannot know: `matches` accepts any
    /// text in its place.
    static let any = "<<any>>"

    /// Whether `actual` is `expected` with some text of one or more characters wherever `expected`
    /// holds `any`.
    static func matches(_ actual: String, _ expected: String) -> Bool {
        let parts = expected.components(separatedBy: any)
        guard parts.count > 1 else { return actual == expected }
        guard actual.hasPrefix(parts[0]), actual.hasSuffix(parts[parts.count - 1]) else { return false }
        var rest = actual.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() {
            guard let found = rest.dropFirst().firstRange(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.count > parts[parts.count - 1].count
    }
}
