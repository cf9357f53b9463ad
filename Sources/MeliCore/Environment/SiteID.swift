/// A MercadoLibre site id such as `MLA` (Argentina): `M` and two letters.
public struct SiteID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts any letter case (`mla` is `MLA`); `nil` unless it matches `M[A-Z]{2}`.
    public init?(parsing text: String) {
        let upper = text.uppercased()
        let scalars = Array(upper.unicodeScalars)
        guard scalars.count == 3, scalars[0] == "M", scalars.allSatisfy({ ("A"..."Z").contains($0) }) else { return nil }
        rawValue = upper
    }

    public var description: String { rawValue }
}
