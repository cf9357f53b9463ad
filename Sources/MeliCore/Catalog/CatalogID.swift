/// Item and category ids as MercadoLibre writes them: a site id and digits (`MLA848214758`,
/// `MLA1055`). Checked before any URL is built, so that `..`, `/`, `%` or a query never reach a
/// request path (`item ..` requested `GET /items/..`, which a server resolves as `/`).
enum CatalogID {
    /// `text` in capitals when it is a site id followed by 1 to 19 digits, else nil.
    static func parse(_ text: String) -> String? {
        let upper = text.uppercased()
        let scalars = Array(upper.unicodeScalars)
        guard (4...22).contains(scalars.count), SiteID(parsing: String(upper.prefix(3))) != nil,
              scalars.dropFirst(3).allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return upper
    }
}
