import Testing
@testable import MeliCore

/// The one list of settings (`Settings.all`): what every consumer loops over holds together.
@Suite("Settings declared once")
struct SettingsTests {
    @Test func namesAndRowsAreUnique() {
        #expect(Set(Settings.all.map(\.name)).count == Settings.all.count)
        #expect(Set(Settings.typed.map(\.rules.row)).count == Settings.typed.count)
        #expect(Settings.all.allSatisfy { $0.name.hasPrefix(SettingKey.namespacePrefix) })
    }

    /// A default that its own setting refuses would fail every run that does not set the key.
    @Test func everyDefaultIsAValueItsSettingAccepts() throws {
        for (key, rules) in Settings.typed {
            guard let fallback = key.defaultValue else { continue }
            #expect((try? rules.parse(fallback).get()) != nil, "\(key.name)'s default '\(fallback)'")
        }
    }

    /// A setting's flags are global options of every binary, in the settings' order, and nothing
    /// else declares them.
    @Test func everyFlagIsAGlobalOption() {
        let root = Program.root(binary: "meli-qa", environment: .qa)
        let longs = root.options.map(\.long)
        let flags = Settings.flags.map(\.long)
        // The flags there are today, in order; a setting given a flag adds one without this line changing.
        #expect(["log-level", "verbose", "quiet", "timeout"].allSatisfy(flags.contains))
        #expect(Set(flags).count == flags.count, "no flag declared twice")
        #expect(longs.filter(flags.contains) == flags)
    }

    /// The highest layer: each flag over what the files and the process environment gave, and the
    /// origin says which flag set it.
    @Test func flagsApplyOverTheValueBelow() throws {
        var validated = SettingsValidator.Values()
        validated.values = [Settings.logLevel.name: LogLevel.warning, Settings.httpTimeout.name: try #require(HTTPTimeout(parsing: "30"))]
        validated.sources = [Settings.logLevel.name: .builtIn, Settings.httpTimeout.name: .builtIn]
        let (values, sources) = EnvironmentResolver.applying(["verbose": ["", ""], "timeout": ["4"]], to: validated)
        #expect(values[Settings.logLevel.name] as? LogLevel == .debug)
        #expect(sources[Settings.logLevel.name] == .flag("--verbose"))
        #expect((values[Settings.httpTimeout.name] as? HTTPTimeout)?.seconds == 4)
        #expect(sources[Settings.httpTimeout.name] == .flag("--timeout"))
    }
}
