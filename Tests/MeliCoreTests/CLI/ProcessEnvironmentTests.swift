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
        let ours = Context.processEnvironment()
        #expect(ours == ProcessInfo.processInfo.environment)
        #expect(ours["MELI_TEST_VALUE_WITH_EQUALS"] == "a=b=c")
        #expect(ours["MELI_TEST_EMPTY"] == "")
    }

    @Test func workingDirectoryIsFoundations() {
        #expect(Context.workingDirectory() == FileManager.default.currentDirectoryPath)
        #expect(Context.workingDirectory().hasPrefix("/"))
    }
}
