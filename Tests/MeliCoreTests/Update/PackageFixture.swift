import Foundation
@testable import MeliCore

/// Packages for the installer tests, made the way scripts/package makes them (GNU tar, gzip) from
/// the built meli-qa, or entry by entry with `TarWriter` for hostile ones.
struct PackageFixture {
    let directory: TemporaryDirectory
    let binary = "meli-qa"
    /// Packages hold a small shell script that prints `meli-qa VERSION` instead of the built binary:
    /// for tests that check which version runs, not what the binary does. Hashing and unpacking the
    /// 7 MB debug build dozens of times kept a cooperative thread blocked for most of a minute, and
    /// starved the loopback suites running beside it on two cores.
    var standIn = false

    init(standIn: Bool = false) throws {
        directory = try TemporaryDirectory()
        self.standIn = standIn
    }

    var platform: String { "\(Feed.platform.os)_\(Feed.platform.arch)" }
    func top(_ version: String) -> String { "\(binary)_\(version)_\(platform)" }

    /// An unpacked package folder of `version` holding the built binary, its env files, a man page and a completion.
    @discardableResult
    func folder(_ version: String, in subfolder: String = "src") throws -> String {
        let root = "\(directory.path)/\(subfolder)/\(top(version))"
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: root + "/share/\(binary)", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: root + "/share/man/man1", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: root + "/share/bash-completion/completions", withIntermediateDirectories: true)
        try? fm.removeItem(atPath: root + "/bin/\(binary)")
        if standIn {
            try Data("#!/bin/sh\necho '\(binary) \(version)'\n".utf8).write(to: URL(fileURLWithPath: root + "/bin/\(binary)"))
            try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root + "/bin/\(binary)")
        } else {
            try fm.copyItem(atPath: try BinaryRunner.path(of: binary), toPath: root + "/bin/\(binary)")
        }
        for file in ["Base.env", "QA.env"] {
            try? fm.removeItem(atPath: "\(root)/share/\(binary)/\(file)")
            try fm.copyItem(atPath: repositoryFile("Config/\(file)"), toPath: "\(root)/share/\(binary)/\(file)")
        }
        try Data(".TH MELI-QA 1\n".utf8).write(to: URL(fileURLWithPath: "\(root)/share/man/man1/\(binary).1"))
        try Data("complete -W x meli-qa\n".utf8).write(to: URL(fileURLWithPath: "\(root)/share/bash-completion/completions/\(binary)"))
        try Data(version.utf8).write(to: URL(fileURLWithPath: "\(root)/VERSION-MARK"))
        return root
    }

    /// `<top>.tar.gz` of a package folder of `version`, made with the system's tar and gzip, listed
    /// in the checksums.txt beside it.
    @discardableResult
    func tarball(_ version: String, in subfolder: String = "dist") throws -> String {
        try folder(version, in: "src-\(version)")
        let out = "\(directory.path)/\(subfolder)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let tarball = "\(out)/\(top(version)).tar.gz"
        try Self.shell("tar --format=gnu -C '\(directory.path)/src-\(version)' -cf - '\(top(version))' | gzip -n > '\(tarball)'")
        try addChecksum(tarball)
        return tarball
    }

    /// A tarball made of `entries` (gzip-compressed unless `compress` is false), with a checksum line.
    func hostile(_ name: String, _ entries: [TarWriter.Entry], end: Bool = true, compress: Bool = true, in subfolder: String = "evil") throws -> String {
        let out = "\(directory.path)/\(subfolder)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let raw = "\(out)/\(name).tar"
        try Data(TarWriter.archive(entries, end: end)).write(to: URL(fileURLWithPath: raw))
        let tarball = "\(out)/\(name)"
        if compress {
            try Self.shell("gzip -n -c '\(raw)' > '\(tarball)'")
        } else {
            try FileManager.default.moveItem(atPath: raw, toPath: tarball)
        }
        try? FileManager.default.removeItem(atPath: raw)
        try addChecksum(tarball)
        return tarball
    }

    /// Lists `tarball` in the checksums.txt beside it, in place of any earlier line for the same
    /// name: a tarball made again (a second `tarball("1.0.0")` in one test) differs from the first
    /// when its files' times crossed a second, and the installer reads the first line it finds,
    /// which made PrefixFolderTests fail now and then with a checksum mismatch.
    func addChecksum(_ tarball: String) throws {
        let sums = PathName.directory(of: tarball) + "/checksums.txt"
        let name = PathName.lastComponent(of: tarball)
        let line = "\(SHA256.hex(Array(try Data(contentsOf: URL(fileURLWithPath: tarball)))))  \(name)"
        let old = ((try? String(contentsOfFile: sums, encoding: .utf8)) ?? "").split(separator: "\n").filter { !$0.hasSuffix("  " + name) }
        try Data((old + [Substring(line)]).map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: sums))
    }

    static func shell(_ command: String) throws {
        let result = try BinaryRunner.run("/bin/sh", ["-c", command], environment: ["PATH": "/usr/bin:/bin"])
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(command): \(result.stderr)"]) }
    }
}

/// Writes GNU tar archives entry by entry, including ones no honest packager makes.
enum TarWriter {
    struct Entry {
        var name: String
        var type: Character = "0"
        var body: [UInt8] = []
        var link = ""
        var mode = 0o644
        /// Written as a GNU 'L' long-name entry before the header.
        var longName = false
        /// The link target written as a GNU 'K' long-link entry before the header.
        var longLink = false
        /// Bytes written as the name field as they are (NUL and control characters).
        var rawName: [UInt8]?
    }

    static func archive(_ entries: [Entry], end: Bool) -> [UInt8] {
        var out: [UInt8] = []
        for entry in entries {
            if entry.longName {
                let name = Array(entry.name.utf8) + [0]
                out += header(name: Array("././@LongLink".utf8), type: "L", size: name.count, link: "", mode: 0o644)
                out += padded(name)
            }
            if entry.longLink {
                let link = Array(entry.link.utf8) + [0]
                out += header(name: Array("././@LongLink".utf8), type: "K", size: link.count, link: "", mode: 0o644)
                out += padded(link)
            }
            let name = entry.rawName ?? Array(entry.longName ? entry.name.utf8.prefix(99) : entry.name.utf8[...])
            out += header(name: name, type: entry.type, size: entry.body.count, link: entry.link, mode: entry.mode)
            out += padded(entry.body)
        }
        if end { out += [UInt8](repeating: 0, count: 1024) }
        return out
    }

    static func padded(_ bytes: [UInt8]) -> [UInt8] { bytes + [UInt8](repeating: 0, count: (512 - bytes.count % 512) % 512) }

    static func header(name: [UInt8], type: Character, size: Int, link: String, mode: Int) -> [UInt8] {
        var block = [UInt8](repeating: 0, count: 512)
        func put(_ bytes: [UInt8], at offset: Int) { for (i, b) in bytes.enumerated() { block[offset + i] = b } }
        func octal(_ value: Int, width: Int) -> [UInt8] {
            let text = String(value, radix: 8)
            return Array((String(repeating: "0", count: max(0, width - 1 - text.count)) + text).utf8) + [0]
        }
        put(Array(name.prefix(100)), at: 0)
        put(octal(mode, width: 8), at: 100)
        put(octal(0, width: 8), at: 108)
        put(octal(0, width: 8), at: 116)
        put(octal(size, width: 12), at: 124)
        put(octal(0, width: 12), at: 136)
        block[156] = type.asciiValue ?? 0
        put(Array(link.utf8.prefix(100)), at: 157)
        put(Array("ustar  \0".utf8), at: 257)
        put(Array("        ".utf8), at: 148)
        let sum = block.reduce(0) { $0 + Int($1) }
        put(Array((String(repeating: "0", count: 6 - String(sum, radix: 8).count) + String(sum, radix: 8)).utf8) + [0, 32], at: 148)
        return block
    }
}
