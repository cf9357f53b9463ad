#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MeliCore

/// What a fuzzer runs on one input, in process and through the code a user's run goes through
/// (`Runner.run`): `scripts/fuzz` drives it with libFuzzer, and the test command replays every
/// input kept under `Tests/Fuzz/<target>/` (the seed corpus and every input that once crashed).
package enum FuzzTarget: String, CaseIterable, Sendable {
    /// Environment files: the input is up to four files (`Main.env`, `A.env`, `B.env`, `C.env`,
    /// split at each 0xFF byte, which no UTF-8 text holds), loaded with their includes,
    /// substituted and validated, any diagnostic worded by the error reporter, and the outcome
    /// shown by `site` (one line), or, for one input in four each, by `env` or `env --json` (every
    /// value: five times the work of the rest of the run, so seen less often).
    case envFile = "envfile"
    /// API answers: the first byte picks the command (sites, categories, category, search, item
    /// with its description) and how it is shown (terminal, piped, `--json`); the rest is the body
    /// of every answer, with status 200.
    case api
    /// Packages: the input is an uncompressed tar stream (what the system's gzip hands the
    /// installer), read by `TarReader` and unpacked by `PackageUnpacker` into a folder of its own
    /// as `self install` unpacks a package named `FuzzScratch.tarTop`, links checked and
    /// `bin/meli-qa` required; then the folder is removed. A folder that cannot be removed, or
    /// anything made beside it, stops the run (a finding).
    case tar

    /// Runs `input`. The fuzzer throws the outcome away (a crash, a hang or a sanitizer report is
    /// the finding); a replay shows it.
    @discardableResult
    package func run(_ input: [UInt8], in scratch: FuzzScratch) async -> FuzzScratch.Outcome {
        switch self {
        case .envFile:
            let files = input.split(separator: 0xFF, maxSplits: 3, omittingEmptySubsequences: false)
            for (index, name) in ["Main.env", "A.env", "B.env", "C.env"].enumerated() {
                scratch.write(name, index < files.count ? Array(files[index]) : nil)
            }
            let arguments = [["env"], ["env", "--json"], ["site"], ["site"]][input.count % 4]
            return await scratch.run(arguments, terminal: input.count % 4 < 2, answer: [])
        case .api:
            let choice = Int(input.first ?? 0)
            let commands = [["sites"], ["categories"], ["category", "MLA1055"], ["search", "phone", "--page", "3"], ["item", "MLA123"]]
            let view: [String] = [[], [], ["--json"]][(choice / commands.count) % 3]
            scratch.write("Main.env", Array(FuzzScratch.apiEnvFile.utf8))
            return await scratch.run(commands[choice % commands.count] + view + ["--no-cache"], terminal: choice / commands.count % 3 == 0, answer: Array(input.dropFirst()))
        case .tar:
            return scratch.unpack(input)
        }
    }
}
