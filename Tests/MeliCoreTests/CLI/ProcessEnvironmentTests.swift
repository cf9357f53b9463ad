import Foundation
import Testing
@testable import MeliCore

/// `Context.live` reads the environment and the current directory with the C library on Linux
/// (not ProcessInfo and FileManager, which linked half of FoundationEssentials); both must say
/// what Foundation says.
@Suite("Process environment")
struct ProcessEnvironmentTests {
    @Test func environmentIsFoundations() {
        setenv("MELI_TEST_VALUE_WITH_EQUALS", "a=b=c", 1)
        setenv("MELI_TEST_EMPTY", "", 1)
        // A raw byte FF (invalid UTF-8) in a value is repaired as Foundation repairs it.
        let raw = Array("MELI_TEST_INVALID=a".utf8).map { CChar(bitPattern: $0) } + [CChar(bitPattern: 0xFF), CChar(bitPattern: 0x62), 0]
        let entry = UnsafeMutablePointer<CChar>.allocate(capacity: raw.count)  // putenv(3) keeps it: never freed
        entry.initialize(from: raw, count: raw.count)
        putenv(entry)
        defer { unsetenv("MELI_TEST_INVALID") }
        setenv("MELI_TEST_ACCENT", "café", 1)
        let ours = Context.processEnvironment()
        #expect(ours == ProcessInfo.processInfo.environment)
        #expect(ours["MELI_TEST_VALUE_WITH_EQUALS"] == "a=b=c")
        #expect(ours["MELI_TEST_EMPTY"] == "")
        #expect(ours["MELI_TEST_INVALID"] == "a\u{FFFD}b")
        #expect(ours["MELI_TEST_ACCENT"] == "café")
    }

    /// A name that only compares equal to a setting's (KELVIN SIGN for K) is not that setting:
    /// getenv(3) does not see it, and neither do `env -u` or sudo's lists. It used to win over the
    /// real variable when it came first.
    @Test func aNameEquivalentToAnotherIsNotIt() {
        setenv("MELI_TEST_\u{212A}ELVIN", "planted", 1)
        defer { unsetenv("MELI_TEST_\u{212A}ELVIN") }
        #expect(Context.processEnvironment()["MELI_TEST_KELVIN"] == nil)
        setenv("MELI_TEST_KELVIN", "real", 1)
        defer { unsetenv("MELI_TEST_KELVIN") }
        #expect(Context.processEnvironment()["MELI_TEST_KELVIN"] == "real")
    }

    @Test func workingDirectoryIsFoundations() {
        #expect(Context.workingDirectory() == FileManager.default.currentDirectoryPath)
        #expect(Context.workingDirectory().hasPrefix("/"))
    }
}
