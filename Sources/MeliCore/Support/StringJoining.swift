/// `joined(separator:)` for lists of strings, chosen over the standard library's (a member of the
/// concrete type wins over the protocol extension's). That one, on `BidirectionalCollection where
/// Element: StringProtocol`, is not specialized for these types in the static binary: each call ran
/// the generic code (~2K instructions), and the first one made the runtime scan every conformance
/// of the binary (~110K): `search`'s query words alone cost 108K of every search (callgrind).
/// The text is the same: the elements in order, `separator` between each two.
extension Array where Element == String {
    func joined(separator: String = "") -> String {
        self[...].joined(separator: separator)
    }
}

extension ArraySlice where Element == String {
    func joined(separator: String = "") -> String {
        var text = ""
        var size = separator.utf8.count * Swift.max(count - 1, 0)
        for element in self { size += element.utf8.count }
        text.reserveCapacity(size)
        var first = true
        for element in self {
            if !first { text += separator }
            text += element
            first = false
        }
        return text
    }
}
