/// What the user reads for each usage error (exit code 2, with "Run '... --help' for usage.").
extension UsageProblem {
    var message: Message {
        switch self {
        case .unknownCommand(let command): .unknownCommand(command: command)
        case .unknownOption(let option): .unknownOption(option: option)
        case .optionNeedsValue(let option): .optionNeedsValue(option: option)
        case .optionTakesNoValue(let option): .optionTakesNoValue(option: option)
        case .invalidChoice(let value, let option, let choices): .invalidChoice(value: value, option: option, choices: choices)
        case .missingArgument(let argument): .missingArgument(argument: argument)
        case .unexpectedArgument(let argument): .unexpectedArgument(argument: argument)
        case .badOptionValue(let option, let problem): .badOptionValue(option: option, problem: problem)
        case .quietWithVerbose: .quietWithVerbose
        case .offlineWithNoCache: .offlineWithNoCache
        case .offlineNeedsNetwork(let command): .offlineNeedsNetwork(command: command)
        case .unknownJSONField(let field, let valid): .unknownJSONField(field, valid: valid)
        case .badShell(let value, let choices): .badShell(value: value, choices: choices)
        case .badSite(let value, let option): .badSite(value: value, option: option)
        case .explainUnknownKey(let key): .explainUnknownKey(key: key)
        case .badEnvDiffOther(let value, let choices): .badEnvDiffOther(value: value, choices: choices)
        case .badSiteID(let value): .badSiteID(value: value)
        case .clearTakesNoID: .clearTakesNoID
        case .emptyQuery: .emptyQuery
        case .badLimit(let value): .badLimit(value: value)
        case .badPage(let value): .badPage(value: value)
        case .pageTooFar(let page, let limit): .pageTooFar(page: page, limit: limit, last: Int.max / limit + 1)
        case .badOffset(let value): .badOffset(value: value)
        case .pageWithOffset: .pageWithOffset
        case .badFilter(let value): .badFilter(value: value)
        case .reservedFilter(let key): .reservedFilter(key: key, instead: SearchFilterTerm.instead(of: key))
        case .badItemID(let value): .badItemID(value: value)
        case .badCategoryID(let value): .badCategoryID(value: value)
        case .badPriceFilter(let value): .badPriceFilter(value: value)
        case .updateJSONNeedsCheck: .updateJSONNeedsCheck
        }
    }
}
