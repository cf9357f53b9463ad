import Foundation
import Testing
@testable import MeliCore

/// Numbers from input or from a server at the edges of what they can be: each of these stopped the
/// program with "Fatal error" (exit 132, release builds too) before issue 13.
@Suite("Numbers at their limits")
struct NumberTrapTests {
    static let dots100 = String(repeating: ".000", count: 100)

    @Test(arguments: [
        ("ARS", 1e300, "$ 1" + dots100),
        ("ARS", -1e300, "-$ 1" + dots100),
        ("ARS", 9.2e16, "$ 92.000.000.000.000.000"),
        ("ARS", 4.6e16, "$ 46.000.000.000.000.000"),
        ("COP", 9.3e18, "$ 9.300.000.000.000.000.000"),
        ("USD", 123_456_789_012_345_680, "US$ 123,456,789,012,345,680"),
        ("EUR", 1e20, "100.000.000.000.000.000.000 €"),
        ("ARS", .leastNonzeroMagnitude, "$ 0"),
        ("ARS", -0.001, "$ 0"),
        ("ARS", -0.0, "$ 0"),
        ("ARS", .nan, "$"),
        ("ARS", .infinity, "$"),
        ("ARS", -.infinity, "$"),
    ])
    func pricesOfAnySizeAreWritten(currency: String, amount: Double, expected: String) {
        #expect(CurrencyFormat.for(currency).format(amount) == expected)
    }

    @Test func theGreatestDoubleIsWrittenWhole() {
        let text = CurrencyFormat.for("USD").format(.greatestFiniteMagnitude)
        #expect(text.hasPrefix("US$ 179,769,313,486,231,570,000,"))
        #expect(text.filter(\.isNumber).count == 309)
    }

    /// Piped and `--json` numbers are never written with an exponent (a script reads `1e+20` as
    /// text, or not at all): the shortest digits of the same Double, with the exponent worked in.
    @Test(arguments: [
        (Double("99999999999999999999")!, "100000000000000000000"), (Double("12345678901234567")!, "12345678901234568"), (-1e20, "-100000000000000000000"),
        (1e15, "1000000000000000"), (41998.99, "41998.99"), (1e-05, "0.00001"), (-2.5e-07, "-0.00000025"), (0.5, "0.5"),
        (1958999, "1958999"), (-0.0, "0"), (1e300, "1" + String(repeating: "0", count: 300)), (.nan, "null"),
    ] as [(Double, String)])
    func plainNumbers(value: Double, expected: String) {
        #expect(JSONValue.format(value) == expected)
        #expect(!JSONValue.number(value).serialized().contains("e"))
    }

    @Test(arguments: [(1e300, "1" + String(repeating: "0", count: 300)), (9.2e16, "92000000000000000"), (123.0, "123"), (0.0, "0"), (4e15, "4000000000000000")])
    func wholeDigits(value: Double, expected: String) {
        #expect(NumberText.wholeDigits(value) == expected)
    }

    @Test(arguments: [
        (Double.nan, 0), (.infinity, Int.max), (-.infinity, Int.min), (9.223372036854775807e18, Int.max), (1e300, Int.max),
        (-1e300, Int.min), (-9.223372036854775808e18, Int.min), (42.9, 42), (-42.9, -42),
    ])
    func saturatingConversions(value: Double, expected: Int) {
        #expect(Int(saturating: value) == expected)
        #expect(Int64(saturating: value) == Int64(expected))
    }

    static let now = Date(timeIntervalSince1970: 1_795_219_200)

    @Test(arguments: [
        (["cache-control": "max-age=9223372036854775807"], CachePolicy.greatestDelta),
        (["cache-control": "max-age=" + String(repeating: "9", count: 400)], CachePolicy.greatestDelta),
        (["cache-control": "max-age=9223372036854775807", "age": "9223372036854775807"], 0),
        (["cache-control": "max-age=60", "age": "9223372036854775808"], 0),
        (["cache-control": "max-age=60", "age": "nan"], 60),
        (["cache-control": "max-age=60", "age": "-inf"], 60),
        (["cache-control": "max-age=60", "age": "1e308"], 60),
        (["age": "9223372036854775807"], 0),
        (["expires": "Sun, 06 Nov 9223372036854775807 08:49:37 GMT"], 0),
        (["expires": "Fri, 31 Dec 9999 23:59:59 GMT", "age": "-9223372036854775808"], CachePolicy.greatestDelta),
        (["expires": "Fri, 31 Dec 9999 23:59:59 GMT", "date": "Mon, 01 Jan 0001 00:00:00 GMT"], CachePolicy.greatestDelta),
    ] as [([String: String], Double)])
    func cacheHeadersAtTheLimitsOfInt64(headers: [String: String], lifetime: Double) {
        #expect(CachePolicy(headers: headers, fallbackLifetime: 300, now: Self.now).lifetime == lifetime)
    }

    @Test func httpDatesBeyondFourDigitYearsAreNotDates() {
        #expect(HTTPDate.parse("Sun, 06 Nov 9223372036854775807 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("Sunday, 06-Nov-9223372036854775807 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 -9223372036854775808") == nil)
        #expect(HTTPDate.parse("Fri, 31 Dec 9999 23:59:59 GMT") != nil)
    }

    @Test(arguments: [Double.greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, .nan, 9.3e18])
    func datesAtTheEdgesAreWrittenNotTrapped(seconds: Double) {
        #expect(HTTPDate.format(Date(timeIntervalSince1970: seconds)).hasSuffix(" GMT"))
        #expect(Timestamp.iso8601(Date(timeIntervalSince1970: seconds)).hasSuffix("Z"))
        #expect(!StaleAnswer.ageMessage(seconds).description.isEmpty)
    }
}
