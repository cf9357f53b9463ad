import Testing
@testable import MeliCore

@Suite("Argument parser")
struct ArgumentParserTests {
    static let root = Program.root(binary: "meli-test", environment: .dev)

    func result(_ line: String) -> ParseResult {
        ArgumentParser(root: Self.root).parse(line.split(separator: " ").map(String.init))
    }

    /// The parsed line and the command it builds, or the usage error.
    func parse(_ line: String) throws(UsageError) -> (ParsedArguments, any Command) {
        switch result(line).outcome {
        case .success(.run(let parsed, let command)): return (parsed, command)
        case .success(let other): Issue.record("expected a command to run, got \(other)"); throw UsageError(.Search.emptyQuery)
        case .failure(let error): throw error
        }
    }

    func search(_ line: String) throws -> SearchCommand {
        try #require(try parse(line).1 as? SearchCommand)
    }

    func usageError(_ line: String) -> UsageError? {
        if case .failure(let error) = result(line).outcome { return error }
        return nil
    }

    @Test func globalOptionsBeforeAndAfterTheCommand() throws {
        let before = try parse("-v --log-level debug search phone")
        let after = try parse("search phone -v --log-level=DEBUG")
        for (parsed, command) in [before, after] {
            #expect(parsed.commandPath == ["search"])
            #expect(parsed.given(Settings.verbose).count == 1)
            #expect(parsed.options["log-level"] == ["debug"], "the choice as declared, whatever its case")
            #expect((command as? SearchCommand)?.arguments[SearchCommand.query] == ["phone"])
        }
    }

    @Test func shortClustersAndRepeats() throws {
        #expect(try parse("-vv search x -v").0.given(Settings.verbose).count == 3)
    }

    @Test func valuesInAllSpellingsAreTyped() throws {
        let command = try search("search a b --limit 5 --filter condition=new --filter=shipping_cost=free")
        #expect(command.request.limit == 5)
        #expect(command.request.filters.map { "\($0.0)=\($0.1)" } == ["condition=new", "shipping_cost=free"])
        #expect(command.request.text == "a b")
    }

    @Test func aValueThatDoesNotConvertIsAUsageErrorBeforeAnythingRuns() {
        #expect(usageError("search x --limit -1")?.text == .Search.badLimit(value: "-1"))
        #expect(usageError("search x --limit 9223372036854775808")?.commandPath == ["search"])
        #expect(usageError("search x --site ZZZZ")?.text == .SiteChoice.badSite(value: "ZZZZ", option: "--site"))
    }

    @Test func doubleDashEndsOptions() throws {
        let command = try search("search -- --json -v --no-color")
        #expect(command.arguments[SearchCommand.query] == ["--json", "-v", "--no-color"])
        #expect(command.json == nil)
        #expect(!result("search -- --no-color").globals.noColor, "a search word is not a global flag")
        #expect(result("search x --no-color").globals.noColor)
    }

    @Test func jsonTakesFieldsOnlyAfterEquals() throws {
        #expect(try search("search x --json").json == .everything)
        #expect(try search("search x --json=id,title").json == .fields(["id", "title"]))
        let words = try search("search --json iphone")
        #expect(words.json == .everything && words.arguments[SearchCommand.query] == ["iphone"], "the next word is never taken for fields")
        let error = usageError("search x --json=id,titel")
        let valid = SearchReport.fields.names.joined(separator: ",")
        #expect(error?.text == .Output.unknownJSONField("titel", valid: valid))
        #expect(valid.hasPrefix("id,title,"))
        #expect(error?.suggestion == "title")
    }

    /// `--json=` naming no field is refused with the list of fields (gh's `--json` without fields):
    /// it used to print everything, as `--json` alone does.
    @Test(arguments: ["--json=", "--json=,", "--json=,,", "--json= "])
    func jsonWithAnEmptyListIsAUsageErrorListingTheFields(option: String) {
        let valid = SearchReport.fields.names.joined(separator: ",")
        #expect(usageError("search x " + option)?.text == .Output.noJSONFields(valid: valid))
        #expect(usageError("item MLA1 " + option)?.text == .Output.noJSONFields(valid: ItemReport.fields.names.joined(separator: ",")))
    }

    @Test func anEmptyFieldBesideANamedOneIsStillAnUnknownField() {
        #expect(usageError("search x --json=id,")?.text == .Output.unknownJSONField("", valid: SearchReport.fields.names.joined(separator: ",")))
    }

    @Test func choicesAreCheckedAndNormalised() throws {
        #expect(try search("search x --sort PRICE_ASC").request.sort == "price_asc")
        #expect(usageError("search x --sort price_up")?.text == .Usage.invalidChoice(value: "price_up", option: "sort", choices: "relevance, price_asc, price_desc"))
    }

    @Test func unknownOptionSuggestsTheClosest() {
        let error = usageError("search x --jsn")
        #expect(error?.text == .Usage.unknownOption(option: "--jsn"))
        #expect(error?.suggestion == "--json")
        #expect(error?.commandPath == ["search"])
    }

    /// A search word that starts with `-` is refused as an option, with the way to search for it.
    @Test func anUnknownOptionWhereWordsGoSuggestsDashDash() throws {
        #expect(usageError("search -iphone")?.text == .Usage.unknownOption(option: "-i"))
        #expect(usageError("search -iphone")?.suggestion == "-- -iphone")
        #expect(usageError("search cheap --usb-c")?.suggestion == "-- --usb-c")
        #expect(usageError("search x --jsn")?.suggestion == "--json", "a close option still comes first")
        #expect(usageError("item -x MLA1")?.suggestion == nil, "an item id is never a word like that")
        #expect(usageError("sites -x")?.suggestion == nil)
        #expect(try search("search -- -iphone").request.text == "-iphone")
    }

    /// An option another command takes is named with that command, never offered as a search word.
    @Test func anOptionOfAnotherCommandSaysWhichCommandTakesIt() {
        let error = usageError("browse --limit 3")
        #expect(error?.text == .Usage.optionOfOtherCommand(option: "--limit", command: "browse", owners: "'meli-test search'"))
        #expect(error?.suggestion == nil, "not '-- --limit'")
        #expect(error?.commandPath == ["browse"])
        #expect(usageError("search --limt 3 x")?.suggestion == "--limit")
        #expect(usageError("browse --sitte MLA")?.suggestion == "--site")
    }

    /// No command is a usage error, with the short usage; gh shows the help and exits 0.
    @Test func noCommandIsAUsageError() {
        let root = Self.root
        let commands = root.subcommands.map(\.name).joined(separator: ", ")
        for line in ["", "-v", "--no-color", "--env-file Config/Dev.env"] {
            let error = usageError(line)
            #expect(error?.text == .Usage.noCommand(binary: "meli-test", commands: commands), "\(line)")
            #expect(error?.suggestion == nil)
        }
        if case .success(.help(let path)) = result("--help").outcome { #expect(path.count == 1) } else { Issue.record("--help is help") }
        if case .success(.help(let path)) = result("cache").outcome { #expect(path.map(\.name) == ["meli-test", "cache"]) } else { Issue.record("a group alone is its help") }
    }

    /// `--env-file sites`: the option took the command; the error says so and shows the line meant.
    @Test func anOptionThatTookTheCommandSaysSo() {
        let error = usageError("--env-file sites")
        #expect(error?.text == .Usage.optionTookCommand(option: "--env-file", command: "sites"))
        #expect(error?.suggestion == "meli-test --env-file <path> sites")
        #expect(usageError("--env-file=search")?.text == .Usage.optionTookCommand(option: "--env-file", command: "search"))
    }

    /// Words after the swallowed command do not hide it: `--env-file search iphone` is not an
    /// unknown command 'iphone', and `--timeout search` is not only "not a timeout".
    @Test(arguments: [
        ("--env-file search iphone", "--env-file", "search", "meli-test --env-file <path> search iphone"),
        ("-q --env-file item MLA1", "--env-file", "item", "meli-test --env-file <path> item MLA1"),
        ("--timeout search iphone", "--timeout", "search", "meli-test --timeout <seconds> search iphone"),
        ("--log-level sites", "--log-level", "sites", "meli-test --log-level <level> sites"),
    ])
    func aSwallowedCommandIsNamedWhateverFollows(_ line: String, _ option: String, _ command: String, _ meant: String) {
        let error = usageError(line)
        #expect(error?.text == .Usage.optionTookCommand(option: option, command: command), "\(line): \(String(describing: error?.text))")
        #expect(error?.suggestion == meant)
    }

    @Test func aCommandsOptionBeforeTheCommandSaysWhose() {
        let error = usageError("--json search x")
        #expect(error?.text.english.hasPrefix("unknown option '--json' before the command: it is an option of") == true, "\(String(describing: error?.text))")
    }

    @Test func unknownCommandSuggestsTheClosest() {
        let error = usageError("serch x")
        #expect(error?.text == .Usage.unknownCommand(command: "serch"))
        #expect(error?.suggestion == "search")
    }

    @Test(arguments: [
        ("search", Message.Usage.missingArgument(argument: "<query>...")),
        ("site MLA MLB", .Usage.unexpectedArgument(argument: "MLB")),
        ("search x --limit", .Usage.optionNeedsValue(option: "--limit")),
        ("search x -z", .Usage.unknownOption(option: "-z")),
        ("-q -v env", .Usage.quietWithVerbose),
        ("completion tcsh", .Usage.badShell(value: "tcsh", choices: "bash, zsh, fish")),
        // A setting's flag refuses what the setting refuses, naming the flag.
        ("--timeout 0 env", .Usage.badOptionValue(option: "--timeout", problem: .Configuration.badTimeout(value: "0"))),
        ("env --timeout x", .Usage.badOptionValue(option: "--timeout", problem: .Configuration.badTimeout(value: "x"))),
    ])
    func mistakes(line: String, message: Message) {
        #expect(usageError(line)?.text == message)
    }

    @Test func outcomesThatAreNotCommandsAreDecidedByTheParser() {
        func outcome(_ line: String) -> String {
            switch result(line).outcome {
            case .success(.help(let path)): "help " + path.dropFirst().map(\.name).joined(separator: " ")
            case .success(.version): "version"
            case .success(.completion(let shell)): "completion " + shell
            case .success(.manPage): "man"
            case .success(.complete(let words)): "complete " + words.joined(separator: "|")
            case .success(.run): "run"
            case .failure(let error): "error " + error.message
            }
        }
        #expect(outcome("search --help") == "help search")
        #expect(outcome("search x --version") == "version")
        #expect(outcome("help env") == "help env")
        #expect(outcome("auth") == "help auth")
        #expect(outcome("help --man") == "man")
        #expect(outcome("completion zsh") == "completion zsh")
        #expect(outcome("env") == "run")
        // A line being typed is not checked: a missing argument or a bad value is no error there.
        #expect(outcome("__complete search --sort pr") == "complete search|--sort|pr")
        #expect(outcome("__complete item") == "complete item")
    }
}

@Suite("Help")
struct HelpRendererTests {
    @Test func rootHelpListsCommandsGlobalOptionsAndExitCodes() {
        let root = Program.root(binary: "meli-dev", environment: .dev)
        let text = HelpRenderer(root: root).render([root])
        #expect(text.hasPrefix("meli-dev — the MercadoLibre catalog from the command line (dev environment)\n"))
        #expect(text.contains("\nCOMMANDS\n  sites ") && text.contains("\n  search ") && text.contains("\n  env "))
        #expect(text.contains("  -v, --verbose "))
        #expect(text.contains("      --env-file <path> "))
        let lines = text.split(separator: "\n")
        for code in ExitCode.allCases {
            #expect(lines.contains { $0.hasPrefix("  \(code.rawValue) ") && $0.hasSuffix("  \(code.meaning.description)") }, "exit \(code.rawValue)")
        }
    }

    @Test func commandHelpHasItsOptionsThenGlobalOnes() {
        let root = Program.root(binary: "meli", environment: .production)
        let env = root.subcommand(named: "env")!
        let text = HelpRenderer(root: root).render([root, env])
        #expect(text.contains("USAGE\n  meli env [<options>] [<command>]\n"), "env runs alone, or as env diff")
        #expect(text.contains("\nOPTIONS\n      --json[=<fields>] "))
        #expect(text.contains("\nGLOBAL OPTIONS\n"))
        #expect(text.contains("  meli env --json\n"), "examples name the binary")
        #expect(!text.contains("EXIT CODES"))
    }
}
