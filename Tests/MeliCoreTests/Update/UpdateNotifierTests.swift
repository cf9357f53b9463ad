import Foundation
import Testing
@testable import MeliCore

/// A feed.json as scripts/publish-qa writes it, for this machine's platform (with `published`
/// when given).
func feedJSON(binary: String = "meli-qa", published: String? = nil, _ builds: [(version: String, expires: String, changes: [String])]) -> String {
    let here = Feed.platform
    let entries = builds.map { build in
        let changes = build.changes.map { JSONValue.quote($0) }.joined(separator: ", ")
        let file = "\(binary)_\(build.version)_\(here.os)_\(here.arch).tar.gz"
        return #"    {"version": "\#(build.version)", "commit": "abc1234", "date": "2026-03-01T10:00:00Z", "os": "\#(here.os)", "arch": "\#(here.arch)", "file": "\#(file)", "sha256": "\#(String(repeating: "0", count: 64))", "size": 1, "notes": "\#(file).notes.md", "expires": "\#(build.expires)", "changes": [\#(changes)]}"#
    }
    let stamp = published.map { "  \"published\": \"\($0)\",\n" } ?? ""
    return "{\n  \"channel\": \"qa\",\n  \"binary\": \"\(binary)\",\n" + stamp + "  \"builds\": [\n" + entries.joined(separator: ",\n") + "\n  ]\n}\n"
}

/// The new-build notice: when it checks, what it says, and when it keeps quiet.
@Suite("Update notifier")
struct UpdateNotifierTests {
    let home: TemporaryDirectory
    let feedPath: String
    let loads = Collected<String>()
    /// 2026-03-10T12:00:00Z.
    let start = Date(timeIntervalSince1970: 1_773_144_000)

    init() throws {
        home = try TemporaryDirectory()
        feedPath = try home.write("channel/feed.json", feedJSON([
            ("0.3.0-rc.4", "2026-04-01T00:00:00Z", ["search: keep the sort on the next page", "cache: \"quoted\" answers"]),
            ("0.3.0-rc.3", "2026-04-01T00:00:00Z", ["item: show the seller"]),
            ("0.3.0-rc.2", "2026-03-20T00:00:00Z", ["first build"]),
        ]))
    }

    var stateDirectory: String { home.path + "/state/meli-qa" }

    func notifier(installed: String = "0.3.0-rc.2", environment: [String: String] = [:], terminal: Bool = true, feed: String? = nil) -> UpdateNotifier {
        UpdateNotifier(
            binary: "meli-qa", environment: .qa, installed: installed, feed: feed ?? feedPath, stateDirectory: stateDirectory,
            processEnvironment: environment, stderrIsTerminal: terminal)
    }

    func notice(_ notifier: UpdateNotifier, at date: Date, language: Language = .english) async -> String {
        await notifier.notice(at: date, language: language) { [loads] location, timeout in
            loads.append(location)
            #expect(timeout <= 2)
            return try JSONBody.decode(Feed.self, from: try FileSystem.local.readFile(atPath: location))
        }
    }

    @Test func checksAtMostOnceADayAndSaysWhatChanged() async throws {
        let first = await notice(notifier(), at: start)
        #expect(first == """
            A newer QA build is available: 0.3.0-rc.4 (you have 0.3.0-rc.2)
              - search: keep the sort on the next page
              - cache: "quoted" answers
              - item: show the seller
            Run 'meli-qa update' to get the newest build.

            """)
        #expect(await notice(notifier(), at: start.addingTimeInterval(3_600)) == "")
        #expect(await notice(notifier(), at: start.addingTimeInterval(86_000)) == "")
        #expect(loads.items.count == 1)
        #expect(await notice(notifier(), at: start.addingTimeInterval(86_500)).hasPrefix("A newer QA build is available: 0.3.0-rc.4"))
        #expect(loads.items.count == 2)
        // The answer is kept in the state directory, privately, without the feed's location.
        let state = try String(decoding: FileSystem.local.readFile(atPath: stateDirectory + "/update-check.json"), as: UTF8.self)
        #expect(!state.contains(feedPath) && state.contains("0.3.0-rc.4"))
        #expect(FileSystem.local.permissions(of: stateDirectory + "/update-check.json") == 0o600)
        #expect(home.contents().allSatisfy { $0.hasPrefix("channel") || $0.hasPrefix("state") })
    }

    @Test func spanishAndTheProductionWording() async throws {
        let spanish = await notice(notifier(), at: start, language: .spanish)
        #expect(spanish.hasPrefix("Hay una versión de QA más nueva: 0.3.0-rc.4 (usted tiene 0.3.0-rc.2)\n"))
        #expect(spanish.hasSuffix("Ejecute 'meli-qa update' para obtener la versión más nueva.\n"))
        let production = EnvironmentName("production", binary: "meli", fileName: "Prod.env", builds: ["v*"])
        #expect(Message.Environments.notifyNewer(production, version: "1.3.0", installed: "1.2.0").english == "A newer version of meli is available: 1.3.0 (you have 1.2.0)")
    }

    @Test(arguments: [
        (["CI": "true"], true, true),
        (["MELI_NO_UPDATE_NOTIFIER": "1"], true, true),
        ([:], false, true),
        ([:], true, false),
    ])
    func keepsQuiet(environment: [String: String], terminal: Bool, withFeed: Bool) async throws {
        let quiet = notifier(environment: environment, terminal: terminal, feed: withFeed ? nil : "")
        #expect(await notice(quiet, at: start) == "")
        #expect(loads.items.isEmpty)
        #expect(!FileSystem.local.isFile(stateDirectory + "/update-check.json"))
        // The same world, otherwise, does check.
        #expect(await notice(notifier(), at: start) != "")
    }

    @Test func anExpiredBuildSaysSoOnEveryRunTerminalOrNot() async throws {
        let afterExpiry = Date(timeIntervalSince1970: 1_774_000_000)  // 2026-03-20T09:46:40Z
        let checked = await notice(notifier(), at: afterExpiry)
        #expect(checked.hasPrefix("meli-qa 0.3.0-rc.2 expired on 2026-03-20 and is no longer meant to be used.\nA newer QA build"))
        for hour in 1...3 {
            for terminal in [true, false] {
                let text = await notice(notifier(terminal: terminal), at: afterExpiry.addingTimeInterval(Double(hour) * 3_600))
                #expect(text == "meli-qa 0.3.0-rc.2 expired on 2026-03-20 and is no longer meant to be used.\nRun 'meli-qa update' to get the newest build.\n")
            }
        }
        #expect(loads.items.count == 1)
        // Once updated, the warning stops.
        #expect(await notice(notifier(installed: "0.3.0-rc.4", terminal: false), at: afterExpiry.addingTimeInterval(7_200)) == "")
    }

    @Test func aFailingCheckIsSilentAndNotRetriedWithinTheDay() async throws {
        let failing = notifier(feed: home.path + "/channel/missing.json")
        #expect(await notice(failing, at: start) == "")
        #expect(await notice(failing, at: start.addingTimeInterval(600)) == "")
        #expect(loads.items.count == 1)
        try home.write("channel/other.json", "{ not json")
        #expect(await notice(notifier(feed: home.path + "/channel/other.json"), at: start) == "")
    }

    @Test func aFeedForAnotherBinaryIsIgnored() async throws {
        let path = try home.write("channel/meli.json", feedJSON(binary: "meli", [("9.0.0", "2030-01-01T00:00:00Z", ["x"])]))
        #expect(await notice(notifier(feed: path), at: start) == "")
    }

    @Test func feedTextCannotDriveTheTerminal() async throws {
        let path = try home.write("channel/escape.json", feedJSON([("0.4.0", "2030-01-01T00:00:00Z", ["\u{1B}[2Jcleared\u{07}", String(repeating: "x", count: 500)])]))
        let text = await notice(notifier(feed: path), at: start)
        #expect(text.contains("  - cleared\n"), "each escape goes whole")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(text.split(separator: "\n").allSatisfy { $0.count < 220 })
    }

    @Test func manyChangesEndWithAPointerToUpdateCheck() async throws {
        let path = try home.write("channel/many.json", feedJSON([("0.4.0", "2030-01-01T00:00:00Z", (1...8).map { "change \($0)" })]))
        let text = await notice(notifier(feed: path), at: start)
        #expect(text.contains("  - change 5\n  ... and 3 more; 'meli-qa update --check' lists them all\n"))
        #expect(!text.contains("change 6"))
    }
}
