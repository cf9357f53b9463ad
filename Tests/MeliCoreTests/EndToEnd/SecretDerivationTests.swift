import Testing
@testable import MeliCore

/// A value worked out from a secret is a secret (issue 22, item 4): `$(MELI_ACCESS_TOKEN:upper)`,
/// `:identifier`, `:base`, ... printed the token in clear or trivially reversible in `env`,
/// `env diff FILE` and `env --explain`. Every operator the evaluator has (its own lists, so a new
/// operator is tested without a line here, and fails until its spelling is written below) is applied
/// to a process token and to a file secret, as the value and as the operand, through substitution,
/// `$(inherited)`, conditions and computed names; every output of `env`, `env --json`,
/// `env --explain KEY` and `env diff FILE`, in every view and at every verbosity, is grepped for the
/// secrets and for every spelling the operators make of them, and every derived value must read
/// `<redacted>`. It takes 5-7 s on two busy cores: about 400 runs in process, one per key and view,
/// since `env --explain` shows one key a run.
@Suite("Secrets through operators")
struct SecretDerivationTests {
    static let token = "APP_USR-7731/Deep.Secret-Token.v2x9"
    static let fileSecret = "file-4417/Other.Hidden-Value.q8w7"
    static let operand = "ops.zq"
    static let plain = "plain/dir/name.txt"

    /// What each retrieval operator makes of the token. A new operator must be added here.
    static let retrievalSpellings: [String: String] = [
        "lower": "app_usr-7731/deep.secret-token.v2x9",
        "upper": "APP_USR-7731/DEEP.SECRET-TOKEN.V2X9",
        "identifier": "APP_USR_7731_Deep_Secret_Token_v2x9",
        "rfc1034identifier": "APP-USR-7731-Deep-Secret-Token-v2x9",
        "quote": token,
        "dir": "APP_USR-7731/",
        "file": "Deep.Secret-Token.v2x9",
        "base": "Deep.Secret-Token",
        "suffix": ".v2x9",
        "standardizepath": token,
        "not": "YES",
        "truncatedversion": token,
    ]

    /// What each replacement operator makes of the token with `operand`, and of `plain` with the
    /// token as its operand. A new operator must be added here.
    static let replacementSpellings: [String: (value: String, operand: String)] = [
        "default": (token, plain),
        "dir": ("ops.zq/Deep.Secret-Token.v2x9", "APP_USR-7731/Deep.Secret-Token.v2x9/name.txt"),
        "file": ("APP_USR-7731/ops.zq", "plain/dir/APP_USR-7731/Deep.Secret-Token.v2x9"),
        "base": ("APP_USR-7731/ops.zq.v2x9", "plain/dir/APP_USR-7731/Deep.Secret-Token.v2x9.txt"),
        "suffix": ("APP_USR-7731/Deep.Secret-Token.zq", "plain/dir/name.v2x9"),
    ]

    let dir: TemporaryDirectory

    init() throws {
        dir = try TemporaryDirectory()
        try dir.write("Plain.env", "#include \"\(repositoryFile("Config/QA.env"))\"\n")
        try dir.write("Hostile.env", "#include \"\(repositoryFile("Config/QA.env"))\"\n" + Self.hostileLines.map { "\($0.key) = \($0.value)\n" }.joined())
    }

    /// `KEY = VALUE` lines deriving a value from a secret in every way the evaluator has.
    static var hostileLines: [(key: String, value: String)] {
        var lines: [(String, String)] = [("DEPLOY_TOKEN", fileSecret), ("PLAIN_VALUE", plain), ("EMPTY_VALUE", "")]
        for source in [("P", "MELI_ACCESS_TOKEN"), ("F", "DEPLOY_TOKEN")] {
            for name in ValueOperator.Retrieval.allCases.map(\.rawValue) {
                lines.append(("\(source.0)_R_\(name)", "$(\(source.1):\(name))"))
            }
            for name in ValueOperator.Replacement.allCases.map(\.rawValue) {
                lines.append(("\(source.0)_S_\(name)", "$(\(source.1):\(name)=\(operand))"))
                lines.append(("\(source.0)_O_\(name)", "$(PLAIN_VALUE:\(name)=$(\(source.1)))"))
            }
            lines += [
                ("\(source.0)_TEXT", "x-$(\(source.1):lower)-y"),
                ("\(source.0)_BRACES", "${\(source.1):rfc1034identifier}"),
                ("\(source.0)_CHAIN", "$(\(source.0)_R_upper)"),
                ("\(source.0)_INHERITED", "$(\(source.1):base)"),
                ("\(source.0)_INHERITED", "$(inherited)-more"),
                ("\(source.0)_CONDITION[env=qa]", "$(\(source.1):identifier)"),
                ("\(source.0)_NESTED_OPERAND", "$(EMPTY_VALUE:default=$(\(source.1):upper))"),
                ("\(source.0)_COMPUTED_NAME", "$(LOOK_$(\(source.1):identifier):default=none)"),
                ("\(source.0)_NOT", "$(\(source.1):suffix:not)"),
            ]
        }
        return lines
    }

    /// Every key of `Hostile.env` whose value comes from a secret.
    static var derivedKeys: [String] {
        var seen: Set<String> = []
        return hostileLines.map { $0.key.split(separator: "[").first.map(String.init) ?? $0.key }
            .filter { !["PLAIN_VALUE", "EMPTY_VALUE"].contains($0) && seen.insert($0).inserted }
    }

    /// Every spelling of the two secrets that an operator makes, long enough to be looked for.
    static var spellings: [String] {
        var all = [token, fileSecret]
        for (name, spelling) in retrievalSpellings { all += [spelling, ValueOperator.Retrieval(rawValue: name)!.apply(to: fileSecret)] }
        for (name, spelling) in replacementSpellings {
            let op = ValueOperator.Replacement(rawValue: name)!
            all += [spelling.value, spelling.operand, op.apply(to: fileSecret, operand: operand), op.apply(to: plain, operand: fileSecret)]
        }
        all.append("x-\(token.lowercased())-y")
        // The operand's own text and `plain` are not secrets; "YES" and `./` are too short to look for.
        return Array(Set(all.filter { $0.utf8.count >= 5 && $0 != plain }))
    }

    @Test func everyOperatorHasItsSpellingWritten() {
        #expect(Set(Self.retrievalSpellings.keys) == Set(ValueOperator.Retrieval.allCases.map(\.rawValue)))
        #expect(Set(Self.replacementSpellings.keys) == Set(ValueOperator.Replacement.allCases.map(\.rawValue)))
        for op in ValueOperator.Retrieval.allCases {
            #expect(op.apply(to: Self.token) == Self.retrievalSpellings[op.rawValue], "\(op)")
        }
        for op in ValueOperator.Replacement.allCases {
            #expect(op.apply(to: Self.token, operand: Self.operand) == Self.replacementSpellings[op.rawValue]?.value, "\(op)")
            #expect(op.apply(to: Self.plain, operand: Self.token) == Self.replacementSpellings[op.rawValue]?.operand, "\(op)")
        }
    }

    struct Run {
        var code: ExitCode
        var out: String
        var err: String
    }

    func run(_ arguments: [String], terminal: Bool, file: String = "Hostile.env") async -> Run {
        let out = OutputBuffer()
        let err = OutputBuffer()
        let context = Context(
            environment: ["HOME": dir.path, "MELI_ENV_FILE": dir.path + "/" + file, "MELI_ACCESS_TOKEN": Self.token],
            currentDirectory: dir.path, executablePath: nil,
            stdout: out.output(isTerminal: terminal, width: 200), stderr: err.output(isTerminal: terminal, width: 200),
            transport: NoNetwork())
        let code = await Runner.run(.qa, arguments: arguments, context: context)
        return Run(code: code, out: out.text, err: err.text)
    }

    func expectNoSpelling(_ run: Run, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for spelling in Self.spellings {
            #expect(!run.out.contains(spelling), "\(what): '\(spelling)' on standard output:\n\(run.out)", sourceLocation: sourceLocation)
            #expect(!run.err.contains(spelling), "\(what): '\(spelling)' on standard error:\n\(run.err)", sourceLocation: sourceLocation)
        }
    }

    static let verbosities: [[String]] = [[], ["-q"], ["-vvv"]]

    @Test func envShowsEveryDerivedValueMasked() async {
        for verbosity in Self.verbosities {
            for (view, terminal) in [([] as [String], true), ([], false), (["--json"], false)] {
                let result = await run(["env"] + view + verbosity, terminal: terminal)
                let what = "env \((view + verbosity).joined(separator: " ")) \(terminal ? "terminal" : "piped")"
                #expect(result.code == .success, "\(what): \(result.err)")
                expectNoSpelling(result, what)
                for key in Self.derivedKeys {
                    let masked = view == ["--json"] ? result.out.contains("\"\(key)\": \"<redacted>\"")
                        : terminal ? result.out.split(separator: "\n").contains { $0.split(separator: " ").prefix(2).elementsEqual([Substring(key), "<redacted>"]) }
                        : result.out.contains("settings.\(key)\t<redacted>\t")
                    #expect(masked, "\(what): \(key) is not shown as <redacted>:\n\(result.out)")
                }
            }
        }
    }

    /// A secret read only from the process environment: `--explain` names its variable, masked,
    /// rather than "nothing sets it" and a suggestion of its own name.
    @Test func explainOfTheSecretItselfNamesItsVariableMasked() async {
        let piped = await run(["env", "--explain", "MELI_ACCESS_TOKEN"], terminal: false)
        #expect(piped.code == .success, "\(piped.err)")
        #expect(piped.out == "1\tMELI_ACCESS_TOKEN\t<redacted>\n", "\(piped.out)")
        expectNoSpelling(piped, "env --explain MELI_ACCESS_TOKEN")
        let terminal = await run(["env", "--explain", "MELI_ACCESS_TOKEN"], terminal: true)
        #expect(terminal.out.hasPrefix("MELI_ACCESS_TOKEN = <redacted>  (MELI_ACCESS_TOKEN)\n"), "\(terminal.out)")
        expectNoSpelling(terminal, "env --explain MELI_ACCESS_TOKEN on a terminal")
    }

    @Test func explainShowsEveryStepOfADerivedValueMasked() async {
        for key in Self.derivedKeys {
            let piped = await run(["env", "--explain", key, "-vvv"], terminal: false)
            #expect(piped.code == .success, "\(key): \(piped.err)")
            expectNoSpelling(piped, "env --explain \(key)")
            let values = piped.out.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).last ?? "" }
            #expect(!values.isEmpty && values.allSatisfy { $0 == "<redacted>" }, "\(key): \(piped.out)")
            let json = await run(["env", "--explain", key, "--json"], terminal: false)
            expectNoSpelling(json, "env --explain \(key) --json")
            #expect(json.out.contains("\"value\": \"<redacted>\""), "\(key): \(json.out)")
            let terminal = await run(["env", "--explain", key], terminal: true)
            expectNoSpelling(terminal, "env --explain \(key) on a terminal")
        }
    }

    /// A hostile file given to `env diff` reads the token from the process environment.
    @Test func diffAgainstAHostileFileShowsNoSpelling() async {
        for verbosity in Self.verbosities {
            for (view, terminal) in [([] as [String], true), ([], false), (["--json"], false)] {
                let result = await run(["env", "diff", dir.path + "/Hostile.env"] + view + verbosity, terminal: terminal, file: "Plain.env")
                let what = "env diff \((view + verbosity).joined(separator: " "))"
                #expect(result.code == .success, "\(what): \(result.err)")
                expectNoSpelling(result, what)
                for key in Self.derivedKeys {
                    let masked = view == ["--json"] ? result.out.contains("\"other\": \"<redacted>\"") && result.out.contains("\"key\": \"\(key)\"")
                        : terminal ? result.out.split(separator: "\n").contains { $0.hasPrefix(key + " ") && $0.contains("<redacted>") }
                        : result.out.contains("\(key)\t\t\t<redacted>\t")
                    #expect(masked, "\(what): \(key) is not shown as <redacted>:\n\(result.out)")
                }
            }
        }
        // And the other way round: the hostile file as this side.
        let reversed = await run(["env", "diff", dir.path + "/Plain.env"], terminal: false)
        expectNoSpelling(reversed, "env diff, the hostile file on this side")
        #expect(reversed.out.contains("P_R_upper\t<redacted>\t"), "\(reversed.out)")
    }

    /// A value worked out from a secret that is refused is not quoted, nor is anything about it (a
    /// URL's host, an undefined name made from the secret).
    @Test(arguments: [
        "MELI_DEFAULT_SITE = $(MELI_ACCESS_TOKEN:upper)",
        "MELI_HTTP_TIMEOUT = $(DEPLOY_TOKEN:base)",
        "MELI_API_BASE_URL = http://$(MELI_ACCESS_TOKEN:rfc1034identifier).example.com",
        "MELI_API_BASE_URL = $(DEPLOY_TOKEN:lower)://host",
        "MELI_CACHE_TTL_ITEM = $(MELI_ACCESS_TOKEN:file)",
        "MELI_UPDATE_KEYS = $(DEPLOY_TOKEN:identifier)",
        "UNDEFINED = $(NOPE_$(MELI_ACCESS_TOKEN:identifier))",
        "UNDEFINED = $(NOPE_$(DEPLOY_TOKEN:rfc1034identifier))",
    ])
    func refusedDerivedValuesAreNotQuoted(_ line: String) async throws {
        try dir.write("Failing.env", "#include \"Hostile.env\"\n\(line)\n")
        for verbosity in Self.verbosities {
            for command in [["env"], ["env", "--json"], ["site"]] {
                let result = await run(command + verbosity, terminal: false, file: "Failing.env")
                #expect(result.code == .configuration, "\(line): \(result.err)")
                #expect(result.err.contains("<redacted>"), "\(line): \(result.err)")
                expectNoSpelling(result, "\(line), \(command + verbosity)")
            }
            let diff = await run(["env", "diff", dir.path + "/Failing.env"] + verbosity, terminal: false, file: "Plain.env")
            #expect(diff.code == .configuration, "\(line): \(diff.err)")
            expectNoSpelling(diff, "\(line), env diff")
        }
    }
    /// A feed address with a password: one with a space (or a quote) in it ended the URL for the
    /// free-text mask, which then showed all of it in `env`, `env diff` and `env --explain`.
    @Test func anAddressesPasswordIsMaskedWholeInEveryView() async throws {
        let password = "my 7731 pass'word"
        try dir.write("Address.env", "#include \"\(repositoryFile("Config/QA.env"))\"\nMELI_QA_UPDATE_FEED_URL = https://bob:\(password)@example.com/feed.json\n")
        let runs = [
            await run(["env"], terminal: true, file: "Address.env"), await run(["env"], terminal: false, file: "Address.env"),
            await run(["env", "--json"], terminal: false, file: "Address.env"),
            await run(["env", "--explain", "MELI_QA_UPDATE_FEED_URL"], terminal: false, file: "Address.env"),
            await run(["env", "diff", dir.path + "/Address.env"], terminal: false, file: "Plain.env"),
            await run(["env", "diff", dir.path + "/Address.env", "--json"], terminal: false, file: "Plain.env"),
        ]
        for result in runs {
            #expect(!result.out.contains("7731") && !result.err.contains("7731"), "\(result.out)\(result.err)")
            #expect(result.out.contains("https://***@example.com/feed.json"), "\(result.out)")
        }
    }
}
