import Foundation
import Testing
@testable import MeliCore

/// `meli update` reads the production feed (MELI_PRODUCTION_UPDATE_FEED_URL, which scripts/adopt
/// sets to the latest release's feed.json), and what it says addresses the program's users, not
/// a channel's testers, in both languages; meli-qa keeps the channel's wording.
@Suite("production update wording")
struct ProductionUpdateWordingTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) async -> (code: ExitCode, out: String, err: String) {
        await runInProcess(arguments, as: .production, home: home, environment: environment, terminal: false, transport: NoNetwork(), now: Date())
    }

    /// A production feed, as scripts/publish production writes one: releases of meli.
    func writeFeed() throws -> String {
        try home.write("release/feed.json", feedJSON(binary: "meli", published: "2026-03-01T10:00:00Z", [
            ("9.1.0", "2099-01-01T00:00:00Z", ["item: show items without pictures"]),
        ]))
    }

    /// Words that belong to a QA channel and its testers, never to what meli tells its users.
    static let testerWords = ["tester", "probador", "channel's publisher", "quien publica el canal", "publish-qa", "your channel", "su canal"]

    static func addressesUsers(_ text: String) -> Bool {
        !testerWords.contains { text.localizedCaseInsensitiveContains($0) }
    }

    @Test func withNoFeedMeliSaysWhatToSetForItsUsers() async throws {
        let result = await run(["update", "--check"])
        #expect(result.code == .configuration)
        let error = UpdateError.noFeed(binary: "meli", key: "MELI_PRODUCTION_UPDATE_FEED_URL", envFile: "Prod.env", environment: .production)
        #expect(result.err == Reported.stderr(error, binary: "meli"))
        #expect(result.err.contains("export MELI_PRODUCTION_UPDATE_FEED_URL=URL"))
        #expect(result.err.contains("for every user, in the repository's Config/Prod.env"))
        #expect(result.err.contains("https://github.com/OWNER/REPO/releases/latest/download/feed.json"))
        let spanish = Reported.stderr(error, binary: "meli", language: .spanish)
        #expect(spanish.contains("para todos los usuarios"))
        #expect(Self.addressesUsers(result.err) && Self.addressesUsers(spanish), "\(result.err)\n\(spanish)")
    }

    @Test func meliReadsTheProductionFeedAndOnlyThatKey() async throws {
        let feed = try writeFeed()
        let check = await run(["update", "--check"], environment: ["MELI_PRODUCTION_UPDATE_FEED_URL": feed])
        #expect(check.code == .success, "\(check.err)")
        #expect(check.out.contains("meli 9.1.0 is available"), "\(check.out)")
        #expect(check.out.contains("show items without pictures"))
        let other = await run(["update", "--check"], environment: ["MELI_QA_UPDATE_FEED_URL": feed])
        #expect(other.code == .configuration)
    }

    /// A signed feed whose newest release is not signed: the hint tells a user to wait, not to ask a channel.
    @Test func anUnsignedReleaseIsExplainedToAUser() async throws {
        let key = try SigningKey()
        let feed = try writeFeed()
        try key.signFeed(at: feed)
        let check = await run(["update", "--check"], environment: ["MELI_PRODUCTION_UPDATE_FEED_URL": feed, "MELI_UPDATE_KEYS": key.publicKey])
        #expect(check.code == .success, "\(check.err)")
        #expect(check.out.hasSuffix(Message.Update.updateUnsignedHint(binary: "meli", version: "9.1.0", release: true).english + "\n"), "\(check.out)")
        #expect(check.out.contains("meli installs only releases signed by a key it trusts"))
        for language in Language.allCases {
            #expect(Self.addressesUsers(Message.Update.updateUnsignedHint(binary: "meli", version: "9.1.0", release: true).text(language)))
        }
    }

    /// Every hint of the update's errors, as meli reports it, in both languages; meli-qa's still
    /// speak of the channel and its publisher.
    @Test(arguments: Language.allCases)
    func theUpdateErrorsAddressUsers(language: Language) {
        let location = "https://github.com/OWNER/REPO/releases/latest/download/feed.json"
        let errors: [any Error] = [
            FeedError.unsignedFeed(location: location), FeedError.badFeedSignature(location: location),
            FeedError.undatedFeed(location: location), UpdateError.notInstalled(binary: "meli"),
        ]
        for error in errors {
            let text = Reported.stderr(error, binary: "meli", language: language)
            #expect(Self.addressesUsers(text), "\(text)")
        }
        let unsigned = Reported.stderr(FeedError.unsignedFeed(location: location), binary: "meli", language: language)
        #expect(unsigned.contains("scripts/publish production"))
        let qa = Reported.stderr(FeedError.badFeedSignature(location: location), binary: "meli-qa", language: language)
        #expect(!Self.addressesUsers(qa), "meli-qa's hint still names the channel's publisher: \(qa)")
    }
}
