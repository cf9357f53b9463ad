/// A MercadoLibre site id such as `MLA` (Argentina): `M` and two letters.
package struct SiteID: Hashable, Sendable, CustomStringConvertible {
    package let rawValue: String

    /// Accepts any letter case (`mla` is `MLA`); `nil` unless it matches `M[A-Z]{2}`.
    package init?(parsing text: String) {
        let upper = text.uppercased()
        let scalars = Array(upper.unicodeScalars)
        guard scalars.count == 3, scalars[0] == "M", scalars.allSatisfy({ ("A"..."Z").contains($0) }) else { return nil }
        rawValue = upper
    }

    package var description: String { rawValue }
}
