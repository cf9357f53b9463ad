import Testing
@testable import MeliCore

@Suite("Spanish and English")
struct LocalizationTests {
    /// `{0}`, `{1}`... in a template.
    static func placeholders(_ template: String) -> Set<String> {
        Set(template.matches(of: #/\{\d+\}/#).map { String($0.output) })
    }

    @Test func bothCataloguesHaveEveryKey() {
        let all = Set(MessageKey.allCases)
        #expect(Set(MessageCatalog.english.keys) == all)
        #expect(Set(MessageCatalog.spanish.keys) == all)
    }

    @Test(arguments: MessageKey.allCases)
    func samePlaceholdersInBoth(key: MessageKey) {
        let english = MessageCatalog.english[key] ?? ""
        let spanish = MessageCatalog.spanish[key] ?? ""
        #expect(Self.placeholders(english) == Self.placeholders(spanish), "\(key)")
    }

    /// Every summary, discussion and option or argument help in the command tree.
    static func declaredHelpTexts() -> Set<String> {
        var texts: Set<String> = []
        func walk(_ command: CommandSpec, isRoot: Bool) {
            if !isRoot { texts.insert(command.summary) }
            if let discussion = command.discussion { texts.insert(discussion) }
            texts.formUnion(command.options.map(\.help))
            texts.formUnion(command.arguments.map(\.help))
            command.subcommands.forEach { walk($0, isRoot: false) }
        }
        walk(Program.root(binary: "meli", environment: .production), isRoot: true)
        return texts
    }

    @Test func everyHelpTextIsTranslatedAndNoTranslationIsUnused() {
        let declared = Self.declaredHelpTexts()
        #expect(declared.subtracting(HelpCatalog.spanish.keys) == [], "missing Spanish help")
        #expect(Set(HelpCatalog.spanish.keys).subtracting(declared) == [], "Spanish help for nothing")
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

    @Test func argumentsFillPlaceholdersAndNestedMessagesFollowTheLanguage() {
        let message = Message(.badBaseURL, ["ftp://x"], nested: [Message(.urlScheme, ["ftp"])])
        #expect(message.text(.english) == "'ftp://x' is not a valid API base URL: the scheme 'ftp' is not supported; use https, http to this machine, or sandbox://")
        #expect(message.text(.spanish).hasPrefix("'ftp://x' no es una URL base válida para la API: el esquema 'ftp' no está soportado"))
    }
}
