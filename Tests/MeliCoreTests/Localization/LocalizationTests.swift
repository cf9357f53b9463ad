import Foundation
import Testing
@testable import MeliCore

@Suite("Spanish and English")
struct LocalizationTests {
    /// One message as written in a `Messages+Area.swift` file: its name and its two texts, as
    /// source (the compiler checks that every argument exists; this checks how the texts use them).
    struct Definition: CustomStringConvertible {
        var file: String
        var name: String
        var english: String
        var spanish: String
        var description: String { "\(file): \(name)" }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/MeliCore/Localization")

    /// Every `static let`/`static func` of every `Messages+*.swift` file, with the first `en:` and
    /// `es:` texts after it.
    static func definitions() throws -> [Definition] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("Messages+") && $0.hasSuffix(".swift") }.sorted()
        var found: [Definition] = []
        for file in files {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for piece in source.components(separatedBy: "    static ").dropFirst() {
                let words = piece.split(separator: " ", maxSplits: 2)
                guard words.count == 3, words[0] == "let" || words[0] == "func",
                      let en = piece.range(of: "en: \""), let es = piece.range(of: "es: \"", range: en.upperBound..<piece.endIndex)
                else { continue }
                let name = String(words[1].prefix { $0.isLetter || $0.isNumber })
                let english = piece[en.lowerBound..<es.lowerBound]
                let spanish = piece[es.lowerBound...].prefix { $0 != "\n" }
                found.append(Definition(file: file, name: name, english: String(english), spanish: String(spanish)))
            }
        }
        return found
    }

    /// The names interpolated in a text (`\(query)`, `\(problem.english)` gives `problem`).
    static func arguments(_ text: String) -> Set<String> {
        Set(text.matches(of: #/\\\((\w+)/#).map { String($0.output.1) })
    }

    /// Messages whose Spanish is the same as their English, on purpose.
    static let sameInBoth: Set<String> = [
        "columnID", "errorLabel", "reasonFlag", "reasonVariable", "updateBuildHeading",
        // Stands where the system's reason (in English) stands otherwise.
        "notRegularFile",
    ]

    @Test func everyMessageFileDefinesMessages() throws {
        let definitions = try Self.definitions()
        #expect(definitions.count > 300)
        // A name is one message within its feature (no overloads); two features may each have one.
        #expect(Set(definitions.map { "\($0.file) \($0.name)" }).count == definitions.count, "a message defined twice")
    }

    @Test func spanishIsNotEnglishLeftUntranslated() throws {
        for definition in try Self.definitions() where !Self.sameInBoth.contains(definition.name) {
            let english = definition.english.dropFirst(4).trimmingCharacters(in: .whitespacesAndNewlines.union(["," ]))
            let spanish = definition.spanish.dropFirst(4).trimmingCharacters(in: .whitespacesAndNewlines.union([")"]))
            #expect(english != spanish, "\(definition)")
        }
    }

    @Test func bothLanguagesUseEveryArgumentAndEachItsOwnLanguageOfNestedMessages() throws {
        for definition in try Self.definitions() {
            #expect(Self.arguments(definition.english) == Self.arguments(definition.spanish), "\(definition)")
            #expect(!definition.english.contains(".spanish)"), "\(definition)")
            #expect(!definition.spanish.contains(".english)"), "\(definition)")
        }
    }

    @Test func noMessageHoldsAPlaceholderLeftFromTheOldCatalog() throws {
        for definition in try Self.definitions() {
            #expect(definition.english.firstMatch(of: #/\{\d+\}/#) == nil, "\(definition)")
            #expect(definition.spanish.firstMatch(of: #/\{\d+\}/#) == nil, "\(definition)")
        }
    }

    /// Every summary, discussion and option or argument help in the command tree.
    static func declaredHelpTexts() -> [Message] {
        var texts: [Message] = []
        func walk(_ command: CommandSpec) {
            texts.append(command.summary)
            if let discussion = command.discussion { texts.append(discussion) }
            texts += command.options.map(\.help) + command.arguments.map(\.help)
            command.subcommands.forEach(walk)
        }
        walk(Program.root(binary: "meli", environment: .production))
        return texts
    }

    /// A help text is a `Message` named in a `Messages+*Help.swift` file, so it cannot lack its Spanish;
    /// this catches one declared with the same words in both (`.verbatim`).
    @Test func everyHelpTextHasItsOwnSpanish() {
        let texts = Self.declaredHelpTexts()
        #expect(texts.count > 70)
        for text in texts { #expect(text.spanish != text.english, "\(text)") }
    }

    @Test(arguments: [
        ([:], Language.english), (["LANG": "es_AR.UTF-8"], .spanish), (["LANG": "en_US.UTF-8"], .english),
        (["LANG": "es_CO.UTF-8", "LC_MESSAGES": "en_US.UTF-8"], .english), (["LC_MESSAGES": "es_MX", "LC_ALL": "C"], .english),
        (["LC_ALL": "es_ES.UTF-8", "LANG": "en_US"], .spanish), (["MELI_LANG": "es", "LC_ALL": "en_US"], .spanish),
        (["MELI_LANG": "en", "LANG": "es_AR"], .english), (["LANG": "pt_BR.UTF-8"], .english), (["LANG": ""], .english),
    ])
    func languageDetection(environment: [String: String], expected: Language) {
        #expect(Language.detect(environment) == expected)
    }

    @Test func nestedMessagesFollowTheLanguage() {
        let message = Message.Configuration.badBaseURL(value: "ftp://x", problem: .Configuration.urlScheme(scheme: "ftp"))
        #expect(message.text(.english) == "'ftp://x' is not a valid API base URL: the scheme 'ftp' is not supported; use https, http to this machine, or sandbox://")
        #expect(message.text(.spanish).hasPrefix("'ftp://x' no es una URL base válida para la API: el esquema 'ftp' no está soportado"))
    }
}
