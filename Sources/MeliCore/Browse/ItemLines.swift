/// An item's detail as the lines of the item screen, wrapped to the width. Only text without a
/// label wraps (the title, picture URLs, the description, the link); a labelled line is cut to
/// the width instead, so the count of lines is the same in either language, and the state machine
/// can bound the scroll without knowing the language.
package struct ItemLine: Sendable, Hashable {
    /// How a line is drawn.
    package enum Kind: Sendable, Hashable { case title, heading, field, text, link }

    package var kind: Kind
    /// Cleaned text, at most the width it was laid out for (a field is cut when drawn).
    package var text: String
}

extension ItemLine {
    /// The lines of `item`, `width` columns wide.
    static func lines(_ item: Item, width: Int, language: Language) -> [ItemLine] {
        func say(_ message: Message) -> String { message.text(language) }
        func wrapped(_ text: String, _ kind: Kind) -> [ItemLine] {
            BrowseText.wrap(TerminalText.clean(text), width: width).map { ItemLine(kind: kind, text: $0) }
        }
        func field(_ label: Message, _ value: String) -> ItemLine {
            ItemLine(kind: .field, text: say(label) + ": " + TerminalText.clean(value))
        }
        var out = wrapped(item.title, .title)
        out.append(ItemLine(kind: .text, text: ""))
        if let price = item.price { out.append(field(.Catalog.labelPrice, CurrencyFormat.for(TerminalText.clean(item.currencyID)).format(price))) }
        if let condition = item.condition { out.append(field(.Catalog.labelCondition, conditionName(condition, language))) }
        if let quantity = item.availableQuantity {
            out.append(field(.Catalog.labelAvailable, NumberText.grouped(Int64(quantity), separator: KnownSites.groupingSeparator(for: item.id))))
        }
        if item.freeShipping { out.append(field(.Catalog.labelShipping, say(.Catalog.free))) }
        if let warranty = item.warranty { out.append(field(.Catalog.labelWarranty, warranty)) }
        if let location = item.sellerLocation { out.append(field(.Catalog.labelSellerIn, location)) }
        let attributes = item.attributes.filter { $0.value != nil }
        if !attributes.isEmpty {
            out += [ItemLine(kind: .text, text: ""), ItemLine(kind: .heading, text: say(.Catalog.labelAttributes))]
            out += attributes.map { ItemLine(kind: .field, text: TerminalText.clean($0.name) + ": " + TerminalText.clean($0.value ?? "")) }
        }
        if !item.pictures.isEmpty {
            out += [ItemLine(kind: .text, text: ""), ItemLine(kind: .heading, text: say(.Catalog.labelPictures))]
            for picture in item.pictures { out += wrapped(picture, .link) }
        }
        if let description = item.description {
            out += [ItemLine(kind: .text, text: ""), ItemLine(kind: .heading, text: say(.Catalog.labelDescription))]
            for paragraph in TerminalText.clean(description, keepingNewlines: true).split(separator: "\n", omittingEmptySubsequences: false) {
                out += BrowseText.wrap(String(paragraph), width: width).map { ItemLine(kind: .text, text: $0) }
            }
        }
        if let permalink = item.permalink {
            out += [ItemLine(kind: .text, text: ""), ItemLine(kind: .heading, text: say(.Catalog.labelLink))]
            out += wrapped(permalink, .link)
        }
        return out
    }

    /// `new`, `used` and the other known conditions in the language; any other as the server
    /// wrote it, cleaned.
    static func conditionName(_ id: String?, _ language: Language) -> String {
        id.map { Message.CatalogValues.condition($0).text(language) } ?? ""
    }
}
