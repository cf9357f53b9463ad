/// Finding and replacing text without the standard library's `_StringProcessing` module (whose
/// `contains`, `firstRange(of:)`, `split(separator:)` and `replacing(_:with:)` take any
/// `RegexComponent`). Those calls, with FoundationEssentials' `Data` and `JSONDecoder`, linked the
/// module and its regex parser into the static binaries: 421 of their 3,732 protocol
/// conformances, which the runtime scans at each first use of a generic type. `scripts/test`
/// checks that the binaries' code does not use the module again.
extension StringProtocol {
    /// The first occurrence of `target`, compared character by character as `==` compares
    /// strings; nil when there is none (or `target` is empty).
    package func firstRange(ofText target: String) -> Range<Index>? {
        guard let first = target.first else { return nil }
        var index = startIndex
        while let found = self[index...].firstIndex(of: first) {
            if self[found...].hasPrefix(target) { return found..<self.index(found, offsetBy: target.count) }
            index = self.index(after: found)
        }
        return nil
    }

    /// Whether `target` occurs in the text.
    package func contains(text target: String) -> Bool {
        firstRange(ofText: target) != nil
    }

    /// The text before and after the first `separator`; nil when there is none.
    package func split(once separator: String) -> (before: SubSequence, after: SubSequence)? {
        guard let range = firstRange(ofText: separator) else { return nil }
        return (self[..<range.lowerBound], self[range.upperBound...])
    }

    /// The text with every occurrence of `target` replaced, compared on Unicode scalars: a quote
    /// followed by a combining mark is still the quote byte a shell or roff reads, so it is
    /// replaced too (comparing characters, as `replacing` did, left it alone).
    package func replacing(text target: String, with replacement: String) -> String {
        let scalars = unicodeScalars
        let needle = Array(target.unicodeScalars)
        guard let first = needle.first else { return String(self) }
        var out = String.UnicodeScalarView()
        var copied = scalars.startIndex
        var index = scalars.startIndex
        while index != scalars.endIndex {
            guard scalars[index] == first else {
                index = scalars.index(after: index)
                continue
            }
            var end = index
            var matched = 0
            while matched < needle.count, end != scalars.endIndex, scalars[end] == needle[matched] {
                end = scalars.index(after: end)
                matched += 1
            }
            if matched == needle.count {
                out.append(contentsOf: scalars[copied..<index])
                out.append(contentsOf: replacement.unicodeScalars)
                copied = end
                index = end
            } else {
                index = scalars.index(after: index)
            }
        }
        out.append(contentsOf: scalars[copied...])
        return String(out)
    }
}
