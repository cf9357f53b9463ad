#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes read in order from a file descriptor (a pipe from gzip), with a running count.
struct ByteStream {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private var position = 0
    /// Bytes handed out so far.
    private(set) var offset = 0
    private(set) var atEnd = false

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// Exactly `count` bytes, or fewer only when the stream ends first.
    mutating func read(_ count: Int) throws(PackageRefusal) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            if position == buffer.count {
                guard fill() else { break }
            }
            let take = min(count - out.count, buffer.count - position)
            out.append(contentsOf: buffer[position..<position + take])
            position += take
        }
        offset += out.count
        return out
    }

    /// Reads and drops everything left, up to `limit` bytes; false when more than that remains.
    mutating func drain(limit: Int) -> Bool {
        var left = limit
        while true {
            left -= buffer.count - position
            position = buffer.count
            if left < 0 { return false }
            if !fill() { return true }
        }
    }

    private mutating func fill() -> Bool {
        if atEnd { return false }
        buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                atEnd = true
                buffer = []
                position = 0
                return false
            }
            buffer.removeSubrange(count...)
            position = 0
            return true
        }
    }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// One entry of a tar archive, its body not yet read.
struct TarEntry: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case file(executable: Bool)
        case directory
        case symlink(target: String)
    }

    var name: String
    var kind: Kind
    var size: Int
}

/// Caps on what a package may unpack to.
///
/// A package scripts/package makes is about 20 MB and 25 entries, its names at most 100 bytes
/// (scripts/package refuses longer ones) and 5 components deep, and it holds no link. The caps
/// leave a wide margin over that while keeping the work of a hostile archive small and linear:
/// a name of 30,000 components once made 150,000 folders (586 MB) from a 949-byte package, and
/// a 60 KB link target kept the link check busy for 95 s.
struct PackageLimits: Sendable, Hashable {
    /// Bytes once unpacked.
    var maxBytes: Int
    /// Entries, counting every folder made on the way to one (`a/b/c/file` alone makes three).
    var maxEntries: Int
    /// Bytes of one entry's path: ten times the 100 scripts/package allows, well under any
    /// system's PATH_MAX (1,024 on macOS) once the staging folder's path is added.
    var maxPathBytes = 1024
    /// Components of one entry's path (`top/bin/meli-qa` is 3): six times what a package uses.
    var maxDepth = 32
    /// Bytes of one link's target; packages hold no link today.
    var maxLinkBytes = 1024

    /// 1 GiB and 10,000 entries: a release package is about 20 MB and 25 entries.
    static let standard = PackageLimits(maxBytes: 1 << 30, maxEntries: 10_000)
}

/// Reads the tar archives scripts/package makes (GNU format: regular files, folders, symbolic
/// links, 'L'/'K' long names; ustar's prefix field and pax 'x' paths are read too). Hard links,
/// devices, fifos and anything else are refused; so are a damaged header and an archive that ends
/// before its end-of-archive block.
struct TarReader {
    private var stream: ByteStream
    private let limits: PackageLimits
    private var bytes = 0
    private var entries = 0
    /// The body of the current entry still to read, and its padding.
    private var pending = (body: 0, padding: 0)

    init(stream: ByteStream, limits: PackageLimits) {
        self.stream = stream
        self.limits = limits
    }

    var remainingStream: ByteStream { stream }

    /// The next entry, or nil at the end-of-archive block.
    mutating func next() throws(PackageRefusal) -> TarEntry? {
        try skipBody()
        var longName: String?
        // Kept as bytes until the entry's name is known, which a refusal names.
        var longLink: [UInt8]?
        // A pax `size` record overrides the header's size for GNU and bsdtar; one that disagrees
        // would make this reader see other bodies than they do, so it is refused.
        var paxSize: Int?
        while true {
            let offset = stream.offset
            let header = try stream.read(512)
            guard header.count == 512 else { throw .truncated }
            if header.allSatisfy({ $0 == 0 }) { return nil }
            guard Self.checksumMatches(header) else { throw .damagedHeader(offset: offset) }
            entries += 1
            guard entries <= limits.maxEntries else { throw .tooManyEntries(limit: limits.maxEntries) }
            let size = Self.number(header[124..<136])
            guard size >= 0 else { throw .damagedHeader(offset: offset) }
            bytes += size
            guard bytes <= limits.maxBytes else { throw .tooLarge(limit: limits.maxBytes) }
            let type = header[156]
            switch type {
            case UInt8(ascii: "L"), UInt8(ascii: "K"), UInt8(ascii: "x"):
                guard size <= 64 * 1024 else { throw .tooLarge(limit: 64 * 1024) }
                let body = try readWhole(size)
                if type == UInt8(ascii: "L") { longName = try longPath(body[...]) }
                if type == UInt8(ascii: "K") { longLink = body }
                if type == UInt8(ascii: "x") {
                    let records = Self.paxRecords(body)
                    if let path = records["path"] { longName = try longPath(path[...]) }
                    if let path = records["linkpath"] { longLink = path }
                    if let text = records["size"] {
                        guard let value = Int(String(decoding: text, as: UTF8.self)), value >= 0 else { throw .damagedHeader(offset: offset) }
                        paxSize = value
                    }
                }
                continue
            case UInt8(ascii: "g"):
                _ = try readWhole(size)
                continue
            default:
                break
            }
            // A long name and a long link target hold for the entry after them, in either order
            // (GNU tar writes 'K' before 'L').
            var name = longName ?? ""
            if longName == nil { name = try Self.name(header) }
            let link = try linkTarget((longLink ?? Array(header[157..<257]))[...], of: name)
            longName = nil
            longLink = nil
            if let paxSize, paxSize != size { throw .damagedHeader(offset: offset) }
            paxSize = nil
            if name.isEmpty { name = "?" }
            let kind: TarEntry.Kind
            switch type {
            case UInt8(ascii: "0"), 0, UInt8(ascii: "7"):
                kind = .file(executable: Self.number(header[100..<108]) & 0o111 != 0)
            case UInt8(ascii: "5"): kind = .directory
            case UInt8(ascii: "2"): kind = .symlink(target: link)
            case UInt8(ascii: "1"): throw .hardLink(name)
            case UInt8(ascii: "3"), UInt8(ascii: "4"), UInt8(ascii: "6"): throw .specialFile(name)
            default: throw .unsupportedEntry(name, type: Self.typeText(type))
            }
            var body = 0
            if case .file = kind { body = size }
            pending = (body, Self.padding(size) + (size - body))
            return TarEntry(name: name, kind: kind, size: body)
        }
    }

    /// Hands the current entry's body to `sink` in pieces.
    mutating func readBody(package: String, _ sink: ([UInt8]) throws(InstallError) -> Void) throws(InstallError) {
        while pending.body > 0 {
            let piece: [UInt8]
            do { piece = try stream.read(min(pending.body, 64 * 1024)) } catch { throw .refused(package: package, error) }
            guard !piece.isEmpty else { throw .refused(package: package, .truncated) }
            pending.body -= piece.count
            try sink(piece)
        }
    }

    /// A long name's text, refused unread past `limits.maxPathBytes` (and quoted only in part).
    private func longPath(_ bytes: ArraySlice<UInt8>) throws(PackageRefusal) -> String {
        let length = (bytes.firstIndex(of: 0) ?? bytes.endIndex) - bytes.startIndex
        guard length <= limits.maxPathBytes else { throw .pathTooLong(Self.shortened(bytes), limit: limits.maxPathBytes) }
        return try Self.text(bytes)
    }

    /// A link's target, refused past `limits.maxLinkBytes`: resolving it costs work in its length.
    private func linkTarget(_ bytes: ArraySlice<UInt8>, of name: String) throws(PackageRefusal) -> String {
        let length = (bytes.firstIndex(of: 0) ?? bytes.endIndex) - bytes.startIndex
        guard length <= limits.maxLinkBytes else { throw .linkTooLong(Self.shortened(Array(name.utf8)[...]), limit: limits.maxLinkBytes) }
        return try Self.text(bytes)
    }

    /// The first 100 bytes of a name (up to a NUL), with `...` when there was more: what a refusal
    /// quotes. Escaped (`\xNN`) unless it is UTF-8 without control characters.
    static func shortened(_ bytes: ArraySlice<UInt8>) -> String {
        let end = bytes.firstIndex(of: 0) ?? bytes.endIndex
        var cut = min(end, bytes.startIndex + 100)
        // Not inside a UTF-8 sequence: back to the start of the character the cut falls in.
        while cut < end, cut > bytes.startIndex, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        let shown = bytes[bytes.startIndex..<cut]
        let more = cut < end ? "..." : ""
        if shown.allSatisfy({ $0 >= 0x20 && $0 != 0x7f }), let text = String(validating: shown, as: UTF8.self) { return text + more }
        return escaped(shown) + more
    }

    private mutating func skipBody() throws(PackageRefusal) {
        let count = pending.body + pending.padding
        pending = (0, 0)
        var left = count
        while left > 0 {
            let piece = try stream.read(min(left, 64 * 1024))
            guard !piece.isEmpty else { throw .truncated }
            left -= piece.count
        }
    }

    private mutating func readWhole(_ size: Int) throws(PackageRefusal) -> [UInt8] {
        let body = try stream.read(size)
        guard body.count == size else { throw .truncated }
        pending = (0, Self.padding(size))
        try skipBody()
        return body
    }

    static func padding(_ size: Int) -> Int { (512 - size % 512) % 512 }

    /// The header checksum: the sum of its bytes with the checksum field read as spaces.
    static func checksumMatches(_ header: [UInt8]) -> Bool {
        var sum = 0
        for (index, byte) in header.enumerated() { sum += (148..<156).contains(index) ? 32 : Int(byte) }
        return number(header[148..<156]) == sum
    }

    /// An octal field (spaces and NULs around it), or base-256 when its first bit is set; -1 if neither.
    static func number(_ field: ArraySlice<UInt8>) -> Int {
        guard let first = field.first else { return -1 }
        if first & 0x80 != 0 {
            var value = Int(first & 0x7f)
            for byte in field.dropFirst() {
                guard value < Int.max >> 9 else { return -1 }
                value = value << 8 | Int(byte)
            }
            return value
        }
        var value = 0
        var digits = 0
        for byte in field {
            if byte == 0 || byte == 32 {
                if digits > 0 { break } else { continue }
            }
            guard (48...55).contains(byte), value < Int.max >> 4 else { return -1 }
            value = value * 8 + Int(byte - 48)
            digits += 1
        }
        return value
    }

    /// The name field, with ustar's prefix when the header is ustar (GNU headers use that space otherwise).
    static func name(_ header: [UInt8]) throws(PackageRefusal) -> String {
        let name = try text(header[0..<100])
        let isUstar = Array(header[257..<263]) == Array("ustar\0".utf8)
        guard isUstar else { return name }
        let prefix = try text(header[345..<500])
        return prefix.isEmpty ? name : prefix + "/" + name
    }

    /// A field up to its first NUL; the bytes after it must all be NUL, the text UTF-8 without control characters.
    static func text(_ field: ArraySlice<UInt8>) throws(PackageRefusal) -> String {
        let end = field.firstIndex(of: 0) ?? field.endIndex
        let bytes = field[field.startIndex..<end]
        guard field[end...].allSatisfy({ $0 == 0 }) else { throw .controlCharacters(escaped(field)) }
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 != 0x7f }), let text = String(validating: bytes, as: UTF8.self) else {
            throw .controlCharacters(escaped(bytes))
        }
        return text
    }

    /// Bytes as text, with anything unprintable as `\xNN`, for messages.
    static func escaped(_ bytes: ArraySlice<UInt8>) -> String {
        var trimmed = bytes
        while trimmed.last == 0 { trimmed.removeLast() }
        return trimmed.map { $0 >= 0x20 && $0 < 0x7f ? String(UnicodeScalar($0)) : hex($0) }.joined()
    }

    static func typeText(_ type: UInt8) -> String {
        type >= 0x20 && type < 0x7f ? String(UnicodeScalar(type)) : hex(type)
    }

    static func hex(_ byte: UInt8) -> String { (byte < 16 ? "\\x0" : "\\x") + String(byte, radix: 16) }

    /// pax records: `<length> <key>=<value>\n`, repeated.
    static func paxRecords(_ body: [UInt8]) -> [String: [UInt8]] {
        var records: [String: [UInt8]] = [:]
        var index = 0
        while index < body.count {
            guard let space = body[index...].firstIndex(of: 32), let length = Int(String(decoding: body[index..<space], as: UTF8.self)),
                  length > 0, index + length <= body.count,
                  let equals = body[space..<index + length].firstIndex(of: UInt8(ascii: "="))
            else { break }
            let key = String(decoding: body[(space + 1)..<equals], as: UTF8.self)
            records[key] = Array(body[(equals + 1)..<(index + length - 1)])
            index += length
        }
        return records
    }
}
