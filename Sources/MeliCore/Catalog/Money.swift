/// How a country writes amounts of its currency, without ICU: `$ 1.874.999` (ARS), `R$ 29,90` (BRL),
/// `$ 2.599.900` (COP), `US$ 12.50` (USD).
///
/// As MercadoLibre shows prices, cents appear only when there are some (`R$ 30`, `R$ 29,90`), and
/// never for currencies whose country does not write them (COP, CLP, PYG, CRC).
package struct CurrencyFormat: Sendable, Hashable {
    package var symbol: String
    package var groupingSeparator: Character
    package var decimalSeparator: Character
    package var fractionDigits: Int
    /// `1.234,50 €` rather than `€ 1.234,50`.
    package var symbolAfter = false

    package static func `for`(_ currency: String) -> CurrencyFormat {
        table[currency.uppercased()] ?? CurrencyFormat(symbol: currency.uppercased(), groupingSeparator: ",", decimalSeparator: ".", fractionDigits: 2)
    }

    private static let table: [String: CurrencyFormat] = [
        "ARS": .init(symbol: "$", groupingSeparator: ".", decimalSeparator: ",", fractionDigits: 2),
        "BRL": .init(symbol: "R$", groupingSeparator: ".", decimalSeparator: ",", fractionDigits: 2),
        "COP": .init(symbol: "$", groupingSeparator: ".", decimalSeparator: ",", fractionDigits: 0),
        "MXN": .init(symbol: "$", groupingSeparator: ",", decimalSeparator: ".", fractionDigits: 2),
        "CLP": .init(symbol: "$", groupingSeparator: ".", decimalSeparator: ",", fractionDigits: 0),
        "UYU": .init(symbol: "$", groupingSeparator: ".", decimalSeparator: ",", fractionDigits: 2),
        "PEN": .init(symbol: "S/", groupingSeparator: ",", decimalSeparator: ".", fractionDigits: 2),
        "USD": .init(symbol: "US$", groupingSeparator: ",", decimalSeparator: ".", fractionDigits: 2),
        "VES": .init(symbol: "Bs.", groupingSeparator: ".", decimalSeparator: ",", fractionDigits: 2),
        "BOB": .init(symbol: "Bs", groupingSeparator: ".", decimalSeparator: ",", fractionDigits: 2),
        "PYG": .init(symbol: "₲", groupingSeparator: ".", decimalSeparator: ",", fractionDigits: 0),
        "DOP": .init(symbol: "RD$", groupingSeparator: ",", decimalSeparator: ".", fractionDigits: 2),
        "PAB": .init(symbol: "B/.", groupingSeparator: ",", decimalSeparator: ".", fractionDigits: 2),
        "CRC": .init(symbol: "₡", groupingSeparator: ".", decimalSeparator: ",", fractionDigits: 0),
        "GTQ": .init(symbol: "Q", groupingSeparator: ",", decimalSeparator: ".", fractionDigits: 2),
        "HNL": .init(symbol: "L", groupingSeparator: ",", decimalSeparator: ".", fractionDigits: 2),
        "NIO": .init(symbol: "C$", groupingSeparator: ",", decimalSeparator: ".", fractionDigits: 2),
        "CUP": .init(symbol: "$", groupingSeparator: ",", decimalSeparator: ".", fractionDigits: 2),
        "EUR": .init(symbol: "€", groupingSeparator: ".", decimalSeparator: ",", fractionDigits: 2, symbolAfter: true),
    ]

    /// `amount` written the country's way, whatever it is: a price of 1e300 is written out whole
    /// (it is what the server said), one that is not a number is the symbol alone.
    package func format(_ amount: Double) -> String {
        guard amount.isFinite else { return symbol }
        let scale = (0..<fractionDigits).reduce(Int64(1)) { value, _ in value * 10 }
        let scaledAmount = (amount.magnitude * Double(scale)).rounded()
        var number: String
        let isZero: Bool
        // Below 2^62 the amount in cents fits an Int64; above it a Double holds no cents at all.
        if scaledAmount < 0x1p62 {
            let (whole, fraction) = Int64(scaledAmount).quotientAndRemainder(dividingBy: scale)
            number = NumberText.grouped(digits: String(whole), separator: groupingSeparator)
            if fraction != 0 {
                let digits = String(fraction)
                number += String(decimalSeparator) + String(repeating: "0", count: fractionDigits - digits.count) + digits
            }
            isZero = whole == 0 && fraction == 0
        } else {
            number = NumberText.grouped(digits: NumberText.wholeDigits(amount.magnitude.rounded()), separator: groupingSeparator)
            isZero = false
        }
        let sign = amount < 0 && !isZero ? "-" : ""
        return symbolAfter ? "\(sign)\(number) \(symbol)" : "\(sign)\(symbol) \(number)"
    }
}

/// Whole numbers with a site's grouping separator: `1.234` in Argentina, `1,234` in Mexico.
package enum NumberText {
    package static func grouped(_ value: Int64, separator: Character) -> String {
        let out = grouped(digits: String(value.magnitude), separator: separator)
        return value < 0 ? "-" + out : out
    }

    /// `digits` (decimal digits only) with a separator every three from the right.
    static func grouped(digits: String, separator: Character) -> String {
        var out = ""
        out.reserveCapacity(digits.utf8.count * 4 / 3 + 1)
        let count = digits.utf8.count
        for (index, digit) in digits.enumerated() {
            if index > 0, (count - index) % 3 == 0 { out.append(separator) }
            out.append(digit)
        }
        return out
    }

    /// The decimal digits of a whole, finite, non-negative `value` of any size, as its shortest
    /// exact text gives them (`1e+300` is a 1 and 300 zeros).
    static func wholeDigits(_ value: Double) -> String {
        let text = value.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits = String(mantissa[0]) + (mantissa.count > 1 ? String(mantissa[1]) : "")
        let point = mantissa[0].count + exponent
        guard point > 0 else { return "0" }
        if digits.count >= point { return String(digits.prefix(point)) }
        return digits + String(repeating: "0", count: point - digits.count)
    }
}
