import Foundation
import Testing

/// Expected rendered output kept as files in `Tests/MeliCoreTests/Golden/`, reviewed in diffs.
/// Run with `MELI_RECORD_GOLDEN=1` to write the current output as the new expectation.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["MELI_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: file)
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("no golden file \(name); run MELI_RECORD_GOLDEN=1 scripts/test to record it", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "differs from Golden/\(name); if the change is intended, re-record with MELI_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
    }
}
