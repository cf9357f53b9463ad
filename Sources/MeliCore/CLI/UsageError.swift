/// The command line is wrong: exit code 2, before anything is read or requested.
package struct UsageError: Error, Sendable, Hashable {
    /// What is wrong, as data; `text` words it.
    package var problem: UsageProblem
    /// Names of the command the error is about (`["env"]`), for "Run 'meli-dev env --help'".
    package var commandPath: [String]
    package var suggestion: String?

    init(_ problem: UsageProblem, commandPath: [String] = [], suggestion: String? = nil) {
        self.problem = problem
        self.commandPath = commandPath
        self.suggestion = suggestion
    }

    /// What the user reads (`ErrorMessages+Usage.swift`).
    package var text: Message { problem.message }

    /// The message in English, for logs.
    package var message: String { text.description }
}

/// Every way a command line can be wrong, with the words the user typed.
package enum UsageProblem: Sendable, Hashable {
    // Any command
    case unknownCommand(command: String)
    case unknownOption(option: String)
    case optionNeedsValue(option: String)
    case optionTakesNoValue(option: String)
    /// `value` is not one of `choices` (joined with ", ") of `--option`.
    case invalidChoice(value: String, option: String, choices: String)
    case missingArgument(argument: String)
    case unexpectedArgument(argument: String)
    /// A value an option that overrides a setting refuses; `problem` is the setting's own words.
    case badOptionValue(option: String, problem: Message)
    case quietWithVerbose
    case offlineWithNoCache
    /// `command` (such as `auth login`) cannot run with `--offline`.
    case offlineNeedsNetwork(command: String)
    /// A field `--json` does not offer; `valid` lists those it does, joined with ",".
    case unknownJSONField(String, valid: String)
    // Commands
    case badShell(value: String, choices: String)
    case badSite(value: String, option: String)
    case badSiteID(value: String)
    /// `env --explain KEY` for a key no file, variable or default sets.
    case explainUnknownKey(key: String)
    /// `env diff` given neither an environment's name nor an env file's path.
    case badEnvDiffOther(value: String, choices: String)
    case clearTakesNoID
    case emptyQuery
    case badLimit(value: String)
    case badPage(value: String)
    /// A page whose first result's offset does not fit a 64-bit number.
    case pageTooFar(page: Int, limit: Int)
    case badOffset(value: String)
    case pageWithOffset
    case badFilter(value: String)
    /// `--filter` naming a parameter meli sets itself (`limit`, `q`, `access_token`...).
    case reservedFilter(key: String)
    /// An item id that is not a site id and digits.
    case badItemID(value: String)
    /// A category id (`category ID`, `--category ID`) that is not a site id and digits.
    case badCategoryID(value: String)
    case badPriceFilter(value: String)
    case updateJSONNeedsCheck
}
