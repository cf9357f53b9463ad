import Testing
@testable import MeliCore

/// `ParsedArguments.commandLine`: the parser run backwards, as the next-page hint uses it.
@Suite("Command line from the parse")
struct CommandLineInverseTests {
    static let root = Program.root(binary: "meli-test", environment: .dev)

    func parsed(_ words: [String]) throws -> ParsedArguments {
        guard case .success(.run(let parsed, _)) = ArgumentParser(root: Self.root).parse(words).outcome else {
            throw UsageError(.Search.emptyQuery)
        }
        return parsed
    }

    func nextPage(_ arguments: ParsedArguments) -> String? {
        arguments.commandLine(binary: "meli-test", replacing: SearchCommand.page, with: "3", removing: [SearchCommand.offset])
    }

    @Test(arguments: [
        (["search", "iphone"], "meli-test search iphone --page 3"),
        (["search", "iphone", "--site", "mla", "--limit", "05"], "meli-test search iphone --site MLA --limit 5 --page 3"),
        (["--no-color", "-v", "search", "a", "b", "--filter=x=1", "--sort", "PRICE_ASC", "--offset", "4", "--category", "mla1051", "--offline"],
         "meli-test search a b --category MLA1051 --sort price_asc --filter x=1 --page 3"),
        (["search", "x", "--page", "1", "--page", "2", "--site", "MLB", "--site", "mco"], "meli-test search x --site MCO --page 3"),
        (["search", "it's", "--filter", "BRAND=a b", "--filter", "condition=new"],
         "meli-test search 'it'\\''s' --filter 'BRAND=a b' --filter condition=new --page 3"),
        (["search", "x", "--json=id,title"], "meli-test search x --page 3 --json=id,title"),
        (["search", "x", "--json"], "meli-test search x --page 3 --json"),
        (["search", "--limit", "1", "--", "-iphone", "x"], "meli-test search --limit 1 --page 3 -- -iphone x"),
        (["search", "--", "-", "x"], "meli-test search - x --page 3"),
    ])
    func theNextPageRepeatsWhatWasGivenInDeclaredOrder(words: [String], expected: String) throws {
        #expect(nextPage(try parsed(words)) == expected)
    }

    @Test func anOptionIsReplacedOrRemoved() throws {
        let arguments = try parsed(["search", "x", "--limit", "7", "--page", "2"])
        #expect(arguments.commandLine(binary: "m", replacing: SearchCommand.offset, with: "14", removing: [SearchCommand.page])
            == "m search x --limit 7 --offset 14")
        #expect(arguments.commandLine(binary: "m", replacing: SearchCommand.limit, with: "9") == "m search x --limit 9 --page 2")
    }

    /// A word a terminal view would change (a soft hyphen, a zero-width mark, a bidi override, an
    /// escape) gives no line: shown, it would ask for another word than the one typed.
    @Test(arguments: ["a\u{AD}a", "a\u{2060}a", "a\u{202E}a", "a\u{1B}[m"])
    func noLineThatWouldShowAnotherWord(word: String) throws {
        #expect(nextPage(try parsed(["search", word])) == nil)
        #expect(nextPage(try parsed(["search", "x", "--filter", "BRAND=" + word])) == nil)
    }

    /// What the inverse writes parses back to the same command line.
    @Test(arguments: [
        ["search", "it's", "a;b", "--filter", "BRAND=a b", "--sort", "price_desc", "--site", "mlb"],
        ["-v", "search", "--", "-iphone", "--json", "x"],
        ["search", "x\u{D4E};id", "--category", "MLA1", "--json=id"],
    ])
    func theLineParsesBackToTheSameCommand(words: [String]) throws {
        let first = try parsed(words)
        let line = try #require(nextPage(first))
        let again = try parsed(Array(Self.shellWords(line).dropFirst()))
        #expect(again.positionals == first.positionals)
        #expect(nextPage(again) == line)
    }

    /// Splits a line as a POSIX shell does for the quoting `quote` writes: spaces, `'...'` and `\'`.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var word: String?
        var (quoted, escaped) = (false, false)
        for character in line {
            if escaped {
                word = (word ?? "") + String(character)
                escaped = false
            } else if character == "'" {
                quoted.toggle()
                word = word ?? ""
            } else if character == "\\", !quoted {
                escaped = true
            } else if character == " ", !quoted {
                if let done = word { words.append(done) }
                word = nil
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let done = word { words.append(done) }
        return words
    }
}
