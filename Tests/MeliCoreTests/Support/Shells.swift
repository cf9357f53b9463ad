import Foundation

/// The shells the completion scripts are tested in (bash, zsh, fish), found where they are
/// installed. A missing one fails the test, naming what installs it: these tests do not skip.
enum Shells {
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// The path of `shell`: on PATH, or where Debian and Homebrew put it.
    static func path(_ shell: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        guard let found = folders.map({ $0 + "/" + shell }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Missing(description: "\(shell) is not installed (not found on PATH): run scripts/setup, which installs it")
        }
        return found
    }

    /// Writes the completion script `binary completion shell` prints (as the packages install
    /// it) into `directory` under `name`, and returns its path.
    static func script(_ binary: String, _ shell: String, in directory: TemporaryDirectory, name: String) throws -> String {
        let printed = try BinaryRunner.run(binary, ["completion", shell], environment: ["HOME": directory.path, "PATH": "/usr/bin:/bin"])
        guard printed.status == 0 else { throw Missing(description: "\(binary) completion \(shell): \(printed.stderr)") }
        return try directory.write(name, printed.stdout)
    }
}
