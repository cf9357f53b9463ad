/// Decodes one UTF-8 encoded scalar from raw bytes that may stop in the middle of it (a read
/// from a terminal), refusing overlong forms, surrogates and stray continuation bytes.
enum UTF8Scalar {
    /// What the bytes at an index hold.
    enum Result: Equatable {
        case scalar(Unicode.Scalar, length: Int)
        /// The bytes so far are a valid start; more are needed.
        case incomplete
        /// The byte at the index starts no valid scalar: drop it.
        case invalid
    }

    /// The scalar encoded at `index` of `bytes`.
    static func decode(_ bytes: [UInt8], at index: Int) -> Result {
        let lead = bytes[index]
        let length: Int
        let range: ClosedRange<UInt8>
        switch lead {
        case 0x00...0x7F: return .scalar(Unicode.Scalar(lead), length: 1)
        case 0xC2...0xDF: (length, range) = (2, 0x80...0xBF)
        case 0xE0: (length, range) = (3, 0xA0...0xBF)
        case 0xED: (length, range) = (3, 0x80...0x9F)
        case 0xE1...0xEF: (length, range) = (3, 0x80...0xBF)
        case 0xF0: (length, range) = (4, 0x90...0xBF)
        case 0xF4: (length, range) = (4, 0x80...0x8F)
        case 0xF1...0xF3: (length, range) = (4, 0x80...0xBF)
        default: return .invalid
        }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            guard index + offset < bytes.count else { return .incomplete }
            let byte = bytes[index + offset]
            guard offset == 1 ? range.contains(byte) : (0x80...0xBF).contains(byte) else { return .invalid }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return .invalid }
        return .scalar(scalar, length: length)
    }
}
