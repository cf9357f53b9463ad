import Testing
@testable import MeliCore

@Suite("Argument parser")
struct ArgumentParserTests {
    static let root = CommandSpec(
        name: "meli-test", summary: "test",
        options: Program.globalOptions,
        subcommands: [
            CommandSpec(
                name: "search", summary: "s",
                arguments: [ArgumentSpec("query", arity: .variadic(minimum: 1), help: "q")],
                options: [
                    OptionSpec("limit", kind: .value(placeholder: "n"), help: "l"),
                    OptionSpec("filter", kind: .value(placeholder: "k=v"), repeatable: true, help: "f"),
                    OptionSpec("sort", kind: .value(placeholder: "id"), values: .choices(["relevance", "price_asc"]), help: "s"),
                    OptionSpec("json", help: "j"),
                ], action: { _ in }),
            CommandSpec(name: "site", summary: "s", arguments: [ArgumentSpec("id", arity: .optional, help: "i")], action: { _ in }),
        ])

    func parse(_ line: String) throws(UsageError) -> ParsedArguments {
        try ArgumentParser(root: Self.root).parse(line.split(separator: " ").map(String.init))
    }

    func usageError(_ line: String) -> UsageError? {
        do {
            _ = try parse(line)
            return nil
        } catch {
            return error
        }
    }

    @Test func globalOptionsBeforeAndAfterTheCommand() throws {
        let before = try parse("-v --log-level debug search phone")
        let after = try parse("search phone -v --log-level=DEBUG")
        for parsed in [before, after] {
            #expect(parsed.commandPath == ["search"])
            #expect(parsed.count("verbose") == 1)
            #expect(parsed.value("log-level") == "debug")
            #expect(parsed.positionals == ["phone"])
        }
    }

    @Test func shortClustersAndRepeats() throws {
        let parsed = try parse("-vv search x -v")
        #expect(parsed.count("verbose") == 3)
    }

    @Test func valuesInAllSpellings() throws {
        let parsed = try parse("search a b --limit 5 --filter condition=new --filter=shipping_cost=free")
        #expect(parsed.value("limit") == "5")
        #expect(parsed.values("filter") == ["condition=new", "shipping_cost=free"])
        #expect(parsed.positionals == ["a", "b"])
    }

    @Test func valueMayLookLikeAnOption() throws {
        #expect(try parse("search x --limit -1").value("limit") == "-1")
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parse("search -- --json -v")
        #expect(parsed.positionals == ["--json", "-v"])
        #expect(!parsed.flag("json"))
    }

    @Test func choicesAreCheckedAndNormalised() throws {
        #expect(try parse("search x --sort PRICE_ASC").value("sort") == "price_asc")
        #expect(usageError("search x --sort price_up")?.message.contains("use one of: relevance, price_asc") == true)
    }

    @Test func unknownOptionSuggestsTheClosest() {
        let error = usageError("search x --jsn")
        #expect(error?.message == "unknown option '--jsn'")
        #expect(error?.suggestion == "--json")
        #expect(error?.commandPath == ["search"])
    }

    @Test func commandOptionsAreNotGlobal() {
        #expect(usageError("--json search x")?.message == "unknown option '--json'")
    }

    @Test func unknownCommandSuggestsTheClosest() {
        let error = usageError("serch x")
        #expect(error?.message == "unknown command 'serch'")
        #expect(error?.suggestion == "search")
    }

    @Test(arguments: [
        ("search", "missing argument <query>..."),
        ("site MLA MLB", "unexpected argument 'MLB'"),
        ("search x --limit", "option '--limit' needs a value"),
        ("search x --json=yes", "option '--json' takes no value"),
        ("search x -z", "unknown option '-z'"),
    ])
    func mistakes(line: String, message: String) {
        #expect(usageError(line)?.message == message)
    }

    @Test func helpSkipsArgumentChecks() throws {
        let parsed = try parse("search --help")
        #expect(parsed.flag("help"))
        #expect(parsed.commandPath == ["search"])
    }
}

@Suite("Help")
struct HelpRendererTests {
    @Test func rootHelpListsCommandsGlobalOptionsAndExitCodes() {
        let root = Program.root(binary: "meli-dev", environment: .dev)
        let text = HelpRenderer(root: root, environment: .dev).render([root])
        #expect(text.hasPrefix("meli-dev — the MercadoLibre catalog from the command line (dev environment)\n"))
        #expect(text.contains("\nCOMMANDS\n  sites ") && text.contains("\n  search ") && text.contains("\n  env "))
        #expect(text.contains("  -v, --verbose "))
        #expect(text.contains("      --env-file <path> "))
        for code in ExitCode.allCases { #expect(text.contains("\n  \(code.rawValue)  \(code.meaning.description)\n")) }
    }

    @Test func commandHelpHasItsOptionsThenGlobalOnes() {
        let root = Program.root(binary: "meli", environment: .production)
        let env = root.subcommand(named: "env")!
        let text = HelpRenderer(root: root, environment: .production).render([root, env])
        #expect(text.contains("USAGE\n  meli env [<options>]\n"))
        #expect(text.contains("\nOPTIONS\n      --json "))
        #expect(text.contains("\nGLOBAL OPTIONS\n"))
        #expect(text.contains("  meli env --json\n"), "examples name the binary")
        #expect(!text.contains("EXIT CODES"))
    }
}
