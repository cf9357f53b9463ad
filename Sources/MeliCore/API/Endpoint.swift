/// The API paths meli calls; each knows what "not found" means for it.
package enum Endpoint: Sendable, Hashable {
    case sites
    case site(String)
    case categories(site: String)
    case category(String)
    case search(site: String)
    case item(String)
    case description(item: String)
    case oauthToken

    var path: String {
        switch self {
        case .sites: "/sites"
        case .site(let id): "/sites/\(Self.segment(id))"
        case .categories(let site): "/sites/\(Self.segment(site))/categories"
        case .category(let id): "/categories/\(Self.segment(id))"
        case .search(let site): "/sites/\(Self.segment(site))/search"
        case .item(let id): "/items/\(Self.segment(id))"
        case .description(let id): "/items/\(Self.segment(id))/description"
        case .oauthToken: "/oauth/token"
        }
    }

    /// What a 404 says is missing, such as `item MLA1`.
    package var missingResource: Message {
        switch self {
        case .sites: Message.resourceSites
        case .site(let id), .categories(let id), .search(let id): Message.resourceSite(site: id)
        case .category(let id): Message.resourceCategory(category: id)
        case .item(let id), .description(let id): Message.resourceItem(item: id)
        case .oauthToken: Message.resourceTokenEndpoint
        }
    }

    /// One path segment: escaped, and `.` or `..` with their dots encoded too, so that no id can
    /// climb out of its path (commands check ids first; this holds whatever reaches here).
    static func segment(_ text: String) -> String {
        let escaped = escape(text)
        return escaped.isEmpty || escaped.contains(where: { $0 != "." }) ? escaped : String(repeating: "%2E", count: escaped.count)
    }

    /// Percent-encodes everything but unreserved characters (RFC 3986).
    static func escape(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// `?a=1&b=2` from ordered pairs, escaped; empty without pairs.
    static func query(_ pairs: [(String, String)]) -> String {
        pairs.isEmpty ? "" : "?" + pairs.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }
}
