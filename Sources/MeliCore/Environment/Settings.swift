/// Every setting meli reads, each declared once, and the one list that the validator, the
/// resolver, `env` (its rows, `--json`, `--explain`), the man page, help and completions loop over.
/// A typed setting is a `Setting` (read back as `environment[Settings.httpTimeout]`), with the
/// options that override it; any other is a `SettingKey`, read as text where it is used.
package enum Settings {
    package static let apiBaseURL = Setting<APIBaseURL>("MELI_API_BASE_URL", row: "api_base_url", summary: .SettingSummaries.apiBaseURLSummary) { text in
        APIBaseURL.parse(text).mapError { ValueProblem(.Configuration.badBaseURL(value: text, problem: $0.explanation)) }
    }
    package static let logLevel = Setting<LogLevel>(
        "MELI_LOG_LEVEL", row: "log_level", summary: .SettingSummaries.logLevelSummary,
        flags: [
            .option("log-level", placeholder: "level", choices: LogLevel.allCases.map(\.rawValue), help: .ProgramHelp.logLevelOptionHelp),
            // At least info, so that -v shows each request in every environment, and each further
            // -v one level more (-vv is debug even from production's warning).
            .counter(verbose) { level, count in min(level.shifted(by: count), LogLevel.info.shifted(by: count - 1)) },
            .flag(quiet) { max($0, .error) },
        ],
        parse: LogLevel.init(parsing:), problem: { .Configuration.badLogLevel(value: $0, choices: LogLevel.choices) })
    /// `-v` and `-q` shift MELI_LOG_LEVEL; `GlobalOptions` reads them too (-q also hides warnings,
    /// and the two contradict each other).
    package static let verbose = SettingFlag.Name("verbose", short: "v", help: .ProgramHelp.verboseOptionHelp)
    package static let quiet = SettingFlag.Name("quiet", short: "q", help: .ProgramHelp.quietOptionHelp)
    package static let defaultSite = Setting<SiteID>(
        "MELI_DEFAULT_SITE", row: "default_site", summary: .SettingSummaries.defaultSiteSummary, parse: SiteID.init(parsing:), problem: { .Configuration.badSiteID(value: $0) })
    package static let httpTimeout = Setting<HTTPTimeout>(
        "MELI_HTTP_TIMEOUT", row: "http_timeout", summary: .SettingSummaries.httpTimeoutSummary, json: { .number($0.seconds) },
        flags: [.option("timeout", placeholder: "seconds", help: .ProgramHelp.timeoutOptionHelp)],
        parse: HTTPTimeout.init(parsing:), problem: { .Configuration.badTimeout(value: $0) })
    package static let cacheTTLCatalog = cacheLifetime("MELI_CACHE_TTL_CATALOG", row: "cache_ttl_catalog", summary: .SettingSummaries.cacheTTLCatalogSummary, default: "1d")
    package static let cacheTTLSearch = cacheLifetime("MELI_CACHE_TTL_SEARCH", row: "cache_ttl_search", summary: .SettingSummaries.cacheTTLSearchSummary, default: "5m")
    package static let cacheTTLItem = cacheLifetime("MELI_CACHE_TTL_ITEM", row: "cache_ttl_item", summary: .SettingSummaries.cacheTTLItemSummary, default: "10m")
    package static let cacheMaxMB = Setting<CacheSize>(
        "MELI_CACHE_MAX_MB", row: "cache_max_mb", summary: .SettingSummaries.cacheMaxMBSummary, default: "50", json: { .number(Double($0.megabytes)) },
        parse: CacheSize.init(parsing:), problem: { .Configuration.badCacheSize(value: $0) })

    package static let clientID = SettingKey("MELI_CLIENT_ID", summary: .SettingSummaries.clientIDSummary)
    package static let redirectURI = SettingKey("MELI_REDIRECT_URI", summary: .SettingSummaries.redirectURISummary)
    package static let clientSecret = SettingKey("MELI_CLIENT_SECRET", place: .environmentOnly, summary: .SettingSummaries.clientSecretSummary)
    package static let updateKeys = SettingKey("MELI_UPDATE_KEYS", summary: .SettingSummaries.updateKeysSummary, check: updateKeyProblem(in:))
    package static let envFile = SettingKey("MELI_ENV_FILE", place: .environmentOnly, summary: .SettingSummaries.envFileSummary)
    /// A token for the API, from the process environment only: never written to disk by meli.
    package static let accessToken = SettingKey("MELI_ACCESS_TOKEN", place: .environmentOnly, summary: .SettingSummaries.accessTokenSummary)
    package static let language = SettingKey("MELI_LANG", place: .environmentOnly, summary: .SettingSummaries.languageSummary)

    /// Every key meli reads, in the order `env`, the man page and the diagnostics list them;
    /// anything else spelled `MELI_*` draws a warning. Every environment's feed key is known to
    /// every binary (one row of Config/environments each).
    package static let all: [SettingKey] =
        [apiBaseURL.key, logLevel.key, defaultSite.key, httpTimeout.key, cacheTTLCatalog.key, cacheTTLSearch.key, cacheTTLItem.key, cacheMaxMB.key]
        + [clientID, redirectURI, clientSecret] + EnvironmentName.allCases.map(SettingKey.updateFeedURL(for:))
        + [updateKeys, envFile, accessToken, language]

    /// The keys `environment`'s binary reads, in the order of `all`: every environment's feed key
    /// is known to every binary, but only its own is its setting (the man page lists these, and
    /// only these are taken from the process environment). Its own feed key is there even for a
    /// row the binary was not built with (tests run one).
    package static func keys(readBy environment: EnvironmentName) -> [SettingKey] {
        let feeds = Set(EnvironmentName.allCases.map(\.updateFeedKey) + [environment.updateFeedKey])
        var keys: [SettingKey] = []
        // Only this branch adds a feed key: a flag, not a look-up of every key kept (each run asks).
        var feedAdded = false
        for key in all {
            if !feeds.contains(key.name) {
                keys.append(key)
            } else if !feedAdded {
                keys.append(.updateFeedURL(for: environment))
                feedAdded = true
            }
        }
        return keys
    }

    /// The typed settings, in that order: `env`'s rows.
    static let typed: [(key: SettingKey, rules: TypedSetting)] = all.compactMap { key in key.typed.map { (key, $0) } }

    /// Every option that overrides a setting, in that order: global options of every command.
    package static let flags: [SettingFlag] = typed.flatMap(\.rules.flags)

    /// MELI_UPDATE_KEYS: every word a base64 Ed25519 public key. A word that was not one was
    /// dropped, so a mistyped key left the binary trusting no key, and installing unsigned builds.
    /// A key of small order (`AQAA…AAA=`) or not canonical passed, and a fixed signature then
    /// verified any package (attack report): refused too, as `Ed25519.weakness` says.
    private static func updateKeyProblem(in text: String) -> Message? {
        for word in SigningKeys.words(of: text) {
            let value = String(word.prefix(60))
            switch SigningKeys.decode(String(word)).map(Ed25519.weakness(ofPoint:)) ?? .length {
            case nil: continue
            case .length: return .Configuration.badUpdateKey(value: value)
            case .smallOrder: return .Configuration.weakUpdateKey(value: value, smallOrder: true)
            case .notCanonical: return .Configuration.weakUpdateKey(value: value, smallOrder: false)
            }
        }
        return nil
    }

    /// A cache lifetime: `0`, seconds, or a number with s, m, h or d.
    private static func cacheLifetime(_ name: String, row: String, summary: Message, default value: String) -> Setting<CacheLifetime> {
        Setting(
            name, row: row, summary: summary, default: value, json: { .number(Double($0.seconds)) },
            parse: CacheLifetime.init(parsing:), problem: { .Configuration.badCacheTTL(value: $0) })
    }
}
