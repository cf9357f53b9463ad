import Testing
@testable import MeliCore

@Suite("Money")
struct MoneyTests {
    @Test(arguments: [
        ("ARS", 1_874_999.0, "$ 1.874.999"),
        ("ARS", 41_998.99, "$ 41.998,99"),
        ("BRL", 29.9, "R$ 29,90"),
        ("BRL", 30, "R$ 30"),
        ("COP", 2_599_900, "$ 2.599.900"),
        ("COP", 2_599_900.6, "$ 2.599.901"),
        ("USD", 12.5, "US$ 12.50"),
        ("USD", 1_234_567.05, "US$ 1,234,567.05"),
        ("MXN", 999.999, "$ 1,000"),
        ("CLP", 12_990, "$ 12.990"),
        ("PEN", 0.5, "S/ 0.50"),
        ("EUR", 1234.5, "1.234,50 €"),
        ("XYZ", 3, "XYZ 3"),
        ("ars", 100, "$ 100"),
        ("ARS", 0, "$ 0"),
    ])
    func formats(currency: String, amount: Double, expected: String) {
        #expect(CurrencyFormat.for(currency).format(amount) == expected)
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1000, "1.000"), (2_575_612, "2.575.612"), (-1234, "-1.234")] as [(Int64, String)])
    func groupsThousands(value: Int64, expected: String) {
        #expect(NumberText.grouped(value, separator: ".") == expected)
    }
}

@Suite("Price ranges")
struct PriceRangeTests {
    @Test(arguments: [("100-500", 100.0...500.0), ("*-500", 0...500), ("100-*", 100...Double.greatestFiniteMagnitude), ("0.5-1.5", 0.5...1.5)])
    func valid(text: String, range: ClosedRange<Double>) {
        #expect(PriceRange.parse(text) == range)
    }

    @Test(arguments: ["cheap", "100", "500-100", "-5-10", "1-2-3", "", "*", "inf-*"])
    func invalid(text: String) {
        #expect(PriceRange.parse(text) == nil)
    }
}
