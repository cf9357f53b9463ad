/// A number as scripts read it, piped and in `--json` alike: never with an exponent. The digits
/// are the shortest that read back as the same Double (what the server most likely wrote), with
/// the exponent worked in: a whole number is all its digits, as a terminal shows a price
/// (`NumberText.wholeDigits` does the same: `99999999999999999999` reads as 1e20 and is written
/// `100000000000000000000`, `12345678901234567` reads as `12345678901234568`); any other keeps its
/// fraction (`41998.99`, `1e-05` as `0.00001`). A value that is not finite has no JSON form: `null`.
enum PlainNumber {
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded() {
            if abs(value) < 1e15 { return String(Int64(value)) }
            return (value < 0 ? "-" : "") + wholeDigits(value.magnitude)
        }
        return expanded(String(value))
    }

    /// The digits of a whole, non-negative `value` of 1e15 or more: its shortest digits, then
    /// zeros up to the exponent (`1e+20` is a 1 and 20 zeros).
    private static func wholeDigits(_ value: Double) -> String {
        let parts = String(value).split(separator: "e", maxSplits: 1)
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var digits = String(mantissa[0]) + (mantissa.count > 1 ? String(mantissa[1]) : "")
        let point = mantissa[0].count + exponent
        if digits.count > point { digits = String(digits.prefix(point)) }
        return digits + String(repeating: "0", count: max(0, point - digits.count))
    }

    /// `1.5e-05` as `0.000015`: Swift's shortest digits without the exponent (only a value under
    /// 1e-4 has one: any Double of 2^52 or more is whole).
    private static func expanded(_ text: String) -> String {
        let parts = text.split(separator: "e", maxSplits: 1)
        guard parts.count == 2, let exponent = Int(parts[1]), exponent < 0 else { return text }
        var mantissa = Substring(parts[0])
        let negative = mantissa.first == "-"
        if negative { mantissa = mantissa.dropFirst() }
        let pieces = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var fraction = String(repeating: "0", count: -exponent - pieces[0].count) + pieces[0] + (pieces.count > 1 ? pieces[1] : "")
        while fraction.last == "0" { fraction.removeLast() }
        return (negative ? "-" : "") + "0." + fraction
    }
}
