/// The value of the `price` filter: `MIN-MAX`, either end `*` for open (`100-500`, `*-500`, `100-*`).
package enum PriceRange {
    /// The inclusive range, or `nil` when `text` is not of that form.
    package static func parse(_ text: String) -> ClosedRange<Double>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        func bound(_ part: Substring, open: Double) -> Double? {
            if part == "*" { return open }
            guard let value = Double(part), value >= 0, value.isFinite else { return nil }
            return value
        }
        guard let low = bound(parts[0], open: 0), let high = bound(parts[1], open: .greatestFiniteMagnitude), low <= high else { return nil }
        return low...high
    }
}
