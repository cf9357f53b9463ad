/// Where a terminal escape sequence (ECMA-48) that starts at a given scalar ends, so that text from
/// outside loses the whole sequence, not only its `ESC`: `ESC [ 31 m` would otherwise leave `[31m`
/// behind, and kept whole it would recolour the text after it.
///
/// Recognised: CSI (`ESC [` or U+009B, parameters, intermediates, a final byte), the string
/// sequences OSC, DCS, SOS, PM and APC (`ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _` or their C1
/// forms, up to BEL or ST), and the other `ESC` sequences (intermediates, then a final byte). An
/// unfinished sequence runs to the end of the text.
enum TerminalEscapes {
    /// The index just after the sequence that starts at `start`, or nil when no sequence starts there.
    static func end(of scalars: [Unicode.Scalar], from start: Int) -> Int? {
        let first = scalars[start].value
        switch first {
        case 0x9B: return controlSequenceEnd(scalars, from: start + 1)
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F: return stringEnd(scalars, from: start + 1)
        case 0x1B: break
        default: return nil
        }
        guard start + 1 < scalars.count else { return scalars.count }
        switch scalars[start + 1] {
        case "[": return controlSequenceEnd(scalars, from: start + 2)
        case "]", "P", "X", "^", "_": return stringEnd(scalars, from: start + 2)
        default:
            var index = start + 1
            while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
            // The final byte (0x30–0x7E); anything else ends the sequence without being part of it.
            return index < scalars.count && (0x30...0x7E).contains(scalars[index].value) ? index + 1 : index
        }
    }

    /// After `CSI`: parameter bytes (0x30–0x3F), intermediate bytes (0x20–0x2F), one final byte.
    private static func controlSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) { index += 1 }
        return index < scalars.count && (0x40...0x7E).contains(scalars[index].value) ? index + 1 : index
    }

    /// After the opener of a string sequence: up to BEL, `ESC \` or U+009C, which end it.
    private static func stringEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            switch scalars[index].value {
            case 0x07, 0x9C: return index + 1
            case 0x1B where index + 1 < scalars.count && scalars[index + 1] == "\\": return index + 2
            default: index += 1
            }
        }
        return index
    }
}
