import Testing
@testable import MeliCore
import MeliFuzz

/// Every input kept under Tests/Fuzz/<target>/ (the seeds, and each input that once crashed, hung
/// or leaked, kept as a regression input when it was fixed) runs again, through the same code the
/// fuzzer drives (`scripts/fuzz`). A crash stops this test binary; beyond that, what reaches a
/// pipe holds no escape: meli colours only a terminal, and never passes on what a file or a
/// server wrote (issue 13, item 8).
@Suite("Fuzz corpus, replayed")
struct FuzzCorpusTests {
    static let cases: [(FuzzTarget, String)] = FuzzTarget.allCases.flatMap { target in
        let folder = repositoryFile("Tests/Fuzz/\(target.rawValue)")
        return FileSystem.local.names(in: folder).sorted().map { (target, folder + "/" + $0) }
    }

    @Test func everyTargetHasInputs() {
        for target in FuzzTarget.allCases {
            #expect(Self.cases.contains { $0.0 == target }, "no inputs under Tests/Fuzz/\(target.rawValue)")
        }
    }

    @Test(arguments: cases)
    func replays(_ target: FuzzTarget, _ file: String) async throws {
        let scratch = try #require(FuzzScratch.make())
        defer { try? FileSystem.local.removeTree(scratch.path) }
        let outcome = await target.run(try FileSystem.local.readFile(atPath: file), in: scratch)
        // The packages scripts/package wrote unpack: the tar target reaches past the first entry.
        if target == .tar, PathName.lastComponent(of: file).hasPrefix("package-") {
            #expect(outcome.code == .success, "\(outcome.stderr)")
        }
        if !outcome.terminal {
            let printed = outcome.stdout + outcome.stderr
            #expect(!printed.unicodeScalars.contains { TerminalText.isUnsafe($0) && $0 != "\n" && $0 != "\t" },
                    "meli-qa \(outcome.arguments.joined(separator: " ")) printed an escape on a pipe: \(printed.debugDescription)")
        }
    }
}
