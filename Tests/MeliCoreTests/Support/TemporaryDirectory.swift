import Foundation

/// A fresh directory under the system's temporary directory, removed when the value goes away.
final class TemporaryDirectory: @unchecked Sendable {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        let template = base + "/meli-test-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { throw CocoaError(.fileWriteUnknown) }
        path = URL(fileURLWithPath: String(cString: made)).resolvingSymlinksInPath().path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` (or raw bytes) to `name`, creating parent folders; returns the absolute path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let full = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }

    /// Every file and folder below this one, relative, sorted.
    func contents() -> [String] {
        (FileManager.default.subpaths(atPath: path) ?? []).sorted()
    }
}
