/// The MercadoLibre web pages `--web` opens, built from ids and words, and the check a page's
/// address from a server passes before any browser is given it. The rules, written down:
/// - an item: its `permalink` from the API (checked here); when the API gives none,
///   `https://articulo.<domain>/<SITE>-<digits>`, which the site redirects to the item;
/// - a category: `https://listado.<domain>/_CategID_<ID>`, the site's listing of that category,
///   built without a request;
/// - a search: `https://listado.<domain>/<words-joined-by-dashes>`, the site's own search page
///   (`listado.mercadolibre.com.ar/iphone-15`); sort, filters and category stay on the command line;
/// where `<domain>` is the site's country domain (`KnownSites.domains`: `mercadolibre.com.ar`,
/// `mercadolivre.com.br`...).
enum WebPages {
    /// The country domain of the site an id or site id starts with; nil for a site with no web site known.
    static func domain(site: String) -> String? {
        KnownSites.domains[String(site.prefix(3)).uppercased()]
    }

    /// The sites with a web site, for messages: `MBO, MCO, ...`.
    static var knownSites: String { KnownSites.domains.keys.sorted().joined(separator: ", ") }

    /// `https://articulo.mercadolibre.com.ar/MLA-848214758`.
    static func item(_ id: String) -> String? {
        domain(site: id).map { "https://articulo.\($0)/\(id.prefix(3))-\(id.dropFirst(3))" }
    }

    /// `https://listado.mercadolibre.com.ar/_CategID_MLA1051`.
    static func category(_ id: String) -> String? {
        domain(site: id).map { "https://listado.\($0)/_CategID_\(PercentEncoding.escape(id))" }
    }

    /// `https://listado.mercadolibre.com.ar/iphone-15`: the words lower-cased, each escaped, joined by dashes.
    static func search(site: String, words: String) -> String? {
        let slug = words.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map { PercentEncoding.escape($0.lowercased()) }
        guard !slug.isEmpty else { return nil }
        return domain(site: site).map { "https://listado.\($0)/\(slug.joined(separator: "-"))" }
    }

    /// The host of the built-in sandbox's pages (`https://sandbox.meli.invalid/MLA-1400000785`):
    /// `.invalid` never resolves, so a page opened from the sandbox reaches no one.
    static let sandboxHost = "sandbox.meli.invalid"

    /// Whether `url` may be handed to a browser: http or https, no space or control character,
    /// no user name or password, and a host that is a MercadoLibre domain or one of its sub-domains
    /// (or, when the answer came from the built-in sandbox, `sandbox`, the sandbox's own host).
    static func isMercadoLibre(_ url: String, sandbox: Bool = false) -> Bool {
        guard HTTPRequest.isSendable(url), let schemeEnd = url.utf8.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let rest = url[url.utf8.index(schemeEnd, offsetBy: 3)...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@"), !authority.contains("\\") else { return false }
        let host = String(authority.split(separator: ":", omittingEmptySubsequences: false).first ?? "").lowercased()
        let trimmed = host.hasSuffix(".") ? String(host.dropLast()) : host
        if sandbox, trimmed == sandboxHost { return true }
        return (Array(KnownSites.domains.values) + ["mercadolibre.com"]).contains { domain in
            trimmed == domain || trimmed.hasSuffix("." + domain)
        }
    }
}
