/// The one percent-encoding meli writes into addresses: every path segment and query value of a
/// request (`Endpoint`), the web pages' slugs (`WebPages`), and so the spelling in which a secret
/// can appear in a logged address (`Redactor`).
enum PercentEncoding {
    /// Percent-encodes everything but unreserved characters (RFC 3986), with upper-case hex.
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
}
