/// What one read of an input gave: some bytes, its end, or a failure with its `errno`.
package enum InputRead: Sendable, Hashable {
    case bytes([UInt8])
    case end
    case failed(Int32)
}

/// The lines of an input read in blocks, never holding more than one line of at most
/// `maximumLineBytes` bytes: a longer line is reported as too long as soon as it is, not kept, so
/// an input of any size (a gigabyte without a newline) costs a block of memory. Bytes that are not UTF-8 become
/// U+FFFD; a `\r` before the newline is dropped.
package struct BoundedLines {
    /// One line of the input, numbered from 1.
    package enum Line: Sendable, Hashable {
        case text(String, number: Int)
        /// Longer than the limit; what was read of it is gone.
        case tooLong(number: Int)
        /// The input could not be read, while reading this line.
        case failed(errno: Int32, number: Int)
    }

    private let read: (Int) -> InputRead
    private let maximumLineBytes: Int
    private let blockSize: Int
    private var block: [UInt8] = []
    private var position = 0
    private var ended = false
    private var number = 0
    /// Whether the line last reported as too long goes on: its rest is skipped first.
    private var skippingRest = false

    /// Lines of what `read` gives (it is asked for at most the count of bytes it is given).
    package init(maximumLineBytes: Int, blockSize: Int = 65_536, read: @escaping (Int) -> InputRead) {
        self.read = read
        self.maximumLineBytes = maximumLineBytes
        self.blockSize = blockSize
    }

    /// The next line, or nil after the last (a last line without a newline counts). A line over
    /// the limit is reported as soon as it is, without reading on to its end: the next call skips
    /// what is left of it.
    package mutating func next() -> Line? {
        guard !ended else { return nil }
        number += 1
        var line: [UInt8] = []
        var skipping = skippingRest
        skippingRest = false
        if skipping { number -= 1 }
        while true {
            if position == block.count {
                switch read(blockSize) {
                case .bytes(let bytes) where !bytes.isEmpty:
                    (block, position) = (bytes, 0)
                case .bytes, .end:
                    ended = true
                    return line.isEmpty ? nil : finish(line)
                case .failed(let code):
                    ended = true
                    return .failed(errno: code, number: number)
                }
            }
            let rest = block[position...]
            let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
            let piece = rest[..<(newline ?? block.count)]
            position = newline.map { $0 + 1 } ?? block.count
            if skipping {
                // The end of a line already reported as too long: the next line starts after it.
                if newline != nil { (skipping, number) = (false, number + 1) }
                continue
            }
            // One byte over the limit is kept: it may be the `\r` of a `\r\n`.
            guard line.count + piece.count <= maximumLineBytes + 1 else {
                skippingRest = newline == nil
                return .tooLong(number: number)
            }
            line += piece
            if newline != nil { return finish(line) }
        }
    }

    /// The line read, without a `\r` at its end; too long when it is over the limit without it.
    private func finish(_ bytes: [UInt8]) -> Line {
        var line = bytes
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard line.count <= maximumLineBytes else { return .tooLong(number: number) }
        return .text(Self.decode(line), number: number)
    }

    private static func decode(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
