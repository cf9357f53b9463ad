import Foundation

/// A stand-in search API on a loopback server for driving `browse`: any query on any site finds
/// `total` results, served in the pages asked for (offset and limit), titled `Loopback phone 001`
/// onwards; each result's item and description answer too. It keeps every request, so a test
/// counts the searches a run made.
final class BrowseStandIn: Sendable {
    let server: LoopbackServer
    let total: Int

    init(total: Int = 120) throws {
        self.total = total
        server = try LoopbackServer(keepAlive: true, routes: { Self.answer($0, total: total) })
    }

    func stop() { server.stop() }

    /// Every search request so far, as its query fields (`q`, `offset`, `limit`...).
    var searches: [[String: String]] {
        server.requests.compactMap { request in
            let target = request.line.split(separator: " ").dropFirst().first.map(String.init) ?? ""
            guard target.contains("/search?") else { return nil }
            return Self.fields(of: target)
        }
    }

    /// The title of result `number` (1-based).
    static func title(_ number: Int) -> String {
        "Loopback phone " + String(repeating: "0", count: max(0, 3 - String(number).count)) + String(number)
    }

    private static func answer(_ target: String, total: Int) -> LoopbackServer.Reply {
        let path = target.split(separator: "?").first.map(String.init) ?? target
        let parts = path.split(separator: "/").map(String.init)
        if parts.count == 3, parts[0] == "sites", parts[2] == "search" {
            let fields = fields(of: target)
            return json(page(site: parts[1], fields: fields, total: total))
        }
        if parts.count == 2, parts[0] == "items", let number = number(of: parts[1]) {
            return json(item(number))
        }
        if parts.count == 3, parts[0] == "items", parts[2] == "description", let number = number(of: parts[1]) {
            return json(#"{"plain_text":"The description of \#(title(number)), line one.\nLine two."}"#)
        }
        return .respond(status: 404, headers: ["Content-Type": "application/json"],
                        body: Array(#"{"message":"not found","error":"not_found","status":404,"cause":[]}"#.utf8))
    }

    private static func json(_ text: String) -> LoopbackServer.Reply {
        .respond(status: 200, headers: ["Content-Type": "application/json"], body: Array(text.utf8))
    }

    /// The results from `offset`, at most `limit` of them, in the API's shape.
    private static func page(site: String, fields: [String: String], total: Int) -> String {
        let offset = Int(fields["offset"] ?? "") ?? 0
        let limit = Int(fields["limit"] ?? "") ?? 50
        let numbers = offset < total ? Array((offset + 1)...min(total, offset + limit)) : []
        let results = numbers.map { number in
            #"{"id":"MLA\#(900_000 + number)","site_id":"\#(site)","title":"\#(title(number))","price":\#(number * 1000),"#
                + #""currency_id":"ARS","condition":"\#(number % 3 == 0 ? "used" : "new")","available_quantity":1,"#
                + #""permalink":"https://loopback.invalid/MLA-\#(900_000 + number)","shipping":{"free_shipping":\#(number % 2 == 0)}}"#
        }
        let query = (fields["q"] ?? "").replacingOccurrences(of: "\"", with: "")
        return #"{"site_id":"\#(site)","query":"\#(query)","paging":{"total":\#(total),"offset":\#(offset),"limit":\#(limit)},"#
            + #""results":[\#(results.joined(separator: ","))],"sort":{"id":"relevance","name":"Relevance"},"#
            + #""available_sorts":[{"id":"price_asc","name":"Lowest price"},{"id":"price_desc","name":"Highest price"}],"#
            + #""filters":[],"available_filters":[]}"#
    }

    private static func item(_ number: Int) -> String {
        #"{"id":"MLA\#(900_000 + number)","site_id":"MLA","title":"\#(title(number))","price":\#(number * 1000),"#
            + #""currency_id":"ARS","condition":"new","status":"active","available_quantity":1,"#
            + #""permalink":"https://loopback.invalid/MLA-\#(900_000 + number)","pictures":[{"secure_url":"https://loopback.invalid/\#(number).jpg"}],"#
            + #""attributes":[{"id":"BRAND","name":"Brand","value_name":"Loopback"}],"shipping":{"free_shipping":true}}"#
    }

    /// `MLA900042` → 42.
    private static func number(of id: String) -> Int? {
        guard id.hasPrefix("MLA"), let value = Int(id.dropFirst(3)), value > 900_000 else { return nil }
        return value - 900_000
    }

    /// A target's query fields, decoded (`+` and `%20` both a space).
    private static func fields(of target: String) -> [String: String] {
        guard let query = target.split(separator: "?", maxSplits: 1).dropFirst().first else { return [:] }
        var fields: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }
}
