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

    /// `amount` written the country's way.
    package func format(_ amount: Double) -> String {
        guard amount.isFinite else { return symbol }
        let scale = (0..<fractionDigits).reduce(Int64(1)) { value, _ in value * 10 }
        let scaled = Int64((abs(amount) * Double(scale)).rounded())
        let (whole, fraction) = scaled.quotientAndRemainder(dividingBy: scale)
        var number = NumberText.grouped(whole, separator: groupingSeparator)
        if fraction != 0 {
            let digits = String(fraction)
            number += String(decimalSeparator) + String(repeating: "0", count: fractionDigits - digits.count) + digits
        }
        let sign = amount < 0 && scaled != 0 ? "-" : ""
        return symbolAfter ? "\(sign)\(number) \(symbol)" : "\(sign)\(symbol) \(number)"
    }
}

/// Whole numbers with a site's grouping separator: `1.234` in Argentina, `1,234` in Mexico.
package enum NumberText {
    package static func grouped(_ value: Int64, separator: Character) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(separator) }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }
}
