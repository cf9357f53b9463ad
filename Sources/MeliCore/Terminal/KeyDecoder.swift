/// Turns the bytes a terminal in raw mode sends into keys: UTF-8 text, control keys, the CSI and
/// SS3 sequences of arrows and editing keys, SGR mouse-wheel reports and bracketed paste. A read
/// may end inside a sequence; what is incomplete waits for the next `feed`, or for `flush`.
package struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    private var pasting = false
    private var pasteAfterReturn = false

    package init() {}

    /// Whether bytes wait for more (an ESC, a sequence, a paste): `flush` after a quiet moment.
    package var isWaiting: Bool { pasting || !pending.isEmpty }

    /// The keys `bytes` complete, in order; an incomplete sequence at the end is kept pending.
    package mutating func feed(_ bytes: [UInt8]) -> [KeyPress] {
        pending += bytes
        var keys: [KeyPress] = []
        var text = String.UnicodeScalarView()
        var index = 0
        while index < pending.count {
            let step = pasting ? pasteStep(at: index) : keyStep(at: index)
            guard let step else { break }
            if let scalar = step.text {
                text.append(scalar)
            } else if !step.keys.isEmpty {
                keys += String(text).map(KeyPress.character) + step.keys
                text.removeAll()
            }
            index += step.length
        }
        pending.removeFirst(index)
        return keys + String(text).map(KeyPress.character)
    }

    /// Called when no byte has come for a moment: a lone ESC was the Escape key; any other
    /// incomplete sequence is dropped, and an unfinished paste ends.
    package mutating func flush() -> [KeyPress] {
        defer { pending.removeAll(); pasting = false; pasteAfterReturn = false }
        return !pasting && pending == [0x1B] ? [.escape] : []
    }

    /// What the bytes at one index mean: text, keys, or nothing (consumed and ignored).
    private struct Step {
        var length: Int
        var keys: [KeyPress] = []
        var text: Unicode.Scalar? = nil
    }

    private static let escape: UInt8 = 0x1B
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// One key or character outside a paste; nil when the bytes at `index` are incomplete.
    private mutating func keyStep(at index: Int) -> Step? {
        let byte = pending[index]
        switch byte {
        case Self.escape: return escapeStep(at: index)
        case 0x0D, 0x0A: return Step(length: 1, keys: [.enter])
        case 0x7F, 0x08: return Step(length: 1, keys: [.backspace])
        case 0x09: return Step(length: 1, keys: [.tab])
        case 0x01...0x1A: return Step(length: 1, keys: [.control(Character(Unicode.Scalar(byte + 0x60)))])
        case 0x00...0x1F: return Step(length: 1)
        default: return textStep(at: index)
        }
    }

    /// One character of pasted text (newlines and tabs as spaces, other controls dropped), or the paste's end.
    private mutating func pasteStep(at index: Int) -> Step? {
        let byte = pending[index]
        let afterReturn = pasteAfterReturn
        pasteAfterReturn = byte == 0x0D
        switch byte {
        case Self.escape:
            let rest = pending[index...].prefix(Self.pasteEnd.count)
            guard rest.elementsEqual(Self.pasteEnd.prefix(rest.count)) else { return Step(length: 1) }
            guard rest.count == Self.pasteEnd.count else { return nil }
            pasting = false
            return Step(length: rest.count)
        case 0x0A where afterReturn: return Step(length: 1)
        case 0x0D, 0x0A, 0x09: return Step(length: 1, text: " ")
        case 0x00...0x1F, 0x7F: return Step(length: 1)
        default: return textStep(at: index)
        }
    }

    /// One UTF-8 encoded character; invalid bytes and C1 controls are dropped.
    private func textStep(at index: Int) -> Step? {
        switch UTF8Scalar.decode(pending, at: index) {
        case .incomplete: return nil
        case .invalid: return Step(length: 1)
        case .scalar(let scalar, let length):
            return scalar.properties.generalCategory == .control ? Step(length: length) : Step(length: length, text: scalar)
        }
    }

    /// ESC alone (pending until more bytes or `flush`), a CSI or SS3 sequence, or Alt and a key.
    private mutating func escapeStep(at index: Int) -> Step? {
        guard index + 1 < pending.count else { return nil }
        switch pending[index + 1] {
        case UInt8(ascii: "["): return csiStep(at: index)
        case UInt8(ascii: "O"):
            guard index + 2 < pending.count else { return nil }
            let final = pending[index + 2]
            guard (0x40...0x7E).contains(final) else { return Step(length: 1, keys: [.escape]) }
            return Step(length: 3, keys: Self.cursorKey(final).map { [$0] } ?? [])
        default: return Step(length: 1, keys: [.escape])
        }
    }

    /// A CSI sequence `ESC [ parameters intermediates final`, whole; unknown ones are ignored.
    private mutating func csiStep(at index: Int) -> Step? {
        var end = index + 2
        while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
        guard end - index <= 64 else { return Step(length: end - index) }
        guard end < pending.count else { return nil }
        let final = pending[end]
        guard (0x40...0x7E).contains(final) else { return Step(length: end - index) }
        let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
        let length = end + 1 - index
        if parameters.isEmpty, final == UInt8(ascii: "M") {
            guard end + 3 < pending.count else { return nil }
            let button = pending[end + 1]
            return Step(length: length + 3, keys: button == 96 ? [.wheelUp] : button == 97 ? [.wheelDown] : [])
        }
        if parameters == "200", final == UInt8(ascii: "~") {
            pasting = true
            pasteAfterReturn = false
            return Step(length: length)
        }
        return Step(length: length, keys: Self.csiKey(parameters, final).map { [$0] } ?? [])
    }

    /// The key a complete CSI sequence stands for, if meli knows it.
    private static func csiKey(_ parameters: String, _ final: UInt8) -> KeyPress? {
        switch final {
        case UInt8(ascii: "~"):
            let first = parameters.split(separator: ";", omittingEmptySubsequences: false).first ?? ""
            return ["1": .home, "7": .home, "4": .end, "8": .end, "3": .delete, "5": .pageUp, "6": .pageDown][String(first)]
        case UInt8(ascii: "Z"): return parameters.isEmpty ? .backTab : nil
        case UInt8(ascii: "M") where parameters.hasPrefix("<"):
            let button = Int(parameters.dropFirst().split(separator: ";").first ?? "") ?? -1
            return button & ~0x1C == 64 ? .wheelUp : button & ~0x1C == 65 ? .wheelDown : nil
        default:
            guard parameters.isEmpty || parameters.hasPrefix("1;") else { return nil }
            return cursorKey(final)
        }
    }

    /// Arrows, Home and End: the final byte of `ESC [ A` or `ESC O A` and their kin.
    private static func cursorKey(_ final: UInt8) -> KeyPress? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }
}
