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
    case clearTakesNoID
    case emptyQuery
    case badLimit(value: String)
    case badPage(value: String)
    case badOffset(value: String)
    case pageWithOffset
    case badFilter(value: String)
    case badPriceFilter(value: String)
    /// `--filter KEY=...` with a parameter search sets itself or that must not be in a URL.
    case reservedFilter(key: String, value: String)
    case badItemID(value: String)
    case badCategoryID(value: String, option: String?)
    case updateJSONNeedsCheck
}
