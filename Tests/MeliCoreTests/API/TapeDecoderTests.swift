import Foundation
import Testing
@testable import MeliCore

/// `JSONBody` reads bodies with `JSONTape` and `TapeDecoder` instead of `JSONDecoder`; for every
/// body both must give the same DTO, or fail at the same field with the same problem. Compared
/// on every fixture, on thousands of broken variants of them, and on the edge cases of numbers,
/// strings and nesting.
@Suite("Tape decoder agrees with JSONDecoder")
struct TapeDecoderTests {
    /// What a decoder made of a body: the DTO as text, or the error.
    enum Outcome: Equatable, CustomStringConvertible {
        case decoded(String)
        case failed(BodyDecodingError)

        var description: String {
            switch self {
            case .decoded(let text): "decoded \(text.prefix(200))"
            case .failed(let error): "failed at '\(error.field)': \(error.problem)"
            }
        }
    }

    static func outcomes<T: Decodable>(_ type: T.Type, _ body: [UInt8]) -> (tape: Outcome, foundation: Outcome) {
        let tape: Outcome
        do { tape = .decoded(String(describing: try JSONBody.decode(type, from: body))) } catch { tape = .failed(error) }
        let foundation: Outcome
        do {
            foundation = .decoded(String(describing: try JSONDecoder().decode(type, from: Data(body))))
        } catch let error as DecodingError {
            foundation = .failed(JSONBody.describe(error))
        } catch {
            foundation = .failed(BodyDecodingError(field: "", problem: .notJSON))
        }
        return (tape, foundation)
    }

    /// Whether the two outcomes agree, or differ only where this decoder is meant to differ:
    /// - JSONDecoder does not check what no field reads (an escape `\x`, a control character,
    ///   bytes that are not UTF-8, `[1,]`, `[1,,2]`): this decoder refuses such a body as not JSON,
    ///   as RFC 8259 does (JSONSerialization, which parses everything, is the referee; it too
    ///   takes a comma before a closing bracket or another comma, which RFC 8259 does not);
    /// - JSONDecoder reports a number out of its field's range (`Int8` 128, `1e400`, `1.5` for an
    ///   `Int`) as a body that is not JSON, without the field; this decoder names the field.
    static func agree(_ tape: Outcome, _ foundation: Outcome, body: [UInt8]) -> Bool {
        switch (tape, foundation) {
        case _ where tape == foundation:
            return true
        case (.failed(let error), .decoded) where error == BodyDecodingError(field: "", problem: .notJSON):
            return hasStrayComma(body) || (try? JSONSerialization.jsonObject(with: Data(body), options: .fragmentsAllowed)) == nil
        case (.failed(let error), .failed(BodyDecodingError(field: "", problem: .notJSON))):
            return error.problem == .invalidValue && !error.field.isEmpty
        default:
            return false
        }
    }

    /// Whether a comma outside strings is followed by another comma or a closing bracket.
    static func hasStrayComma(_ body: [UInt8]) -> Bool {
        var inString = false, escaped = false, afterComma = false
        for byte in body {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if afterComma { return true }
                afterComma = byte == UInt8(ascii: ",")
            case UInt8(ascii: "\""):
                inString = true
                afterComma = false
            default:
                afterComma = false
            }
        }
        return false
    }

    /// Decodes `body` as the DTO its fixture name says, with both decoders.
    static func outcomes(fixture name: String, _ body: [UInt8]) -> (tape: Outcome, foundation: Outcome) {
        switch name {
        case _ where name.hasPrefix("search_"): outcomes(SearchPageDTO.self, body)
        case _ where name.hasPrefix("item_"): outcomes(ItemDTO.self, body)
        case _ where name.hasPrefix("description_"): outcomes(DescriptionDTO.self, body)
        case _ where name.hasPrefix("sites_"): outcomes([SiteDTO].self, body)
        case _ where name.hasPrefix("site_"): outcomes(SiteDTO.self, body)
        case _ where name.hasPrefix("categories_"): outcomes([CategoryRefDTO].self, body)
        default: outcomes(APIErrorBodyDTO.self, body)
        }
    }

    @Test(arguments: DTODecodingTests.allFixtures)
    func fixturesDecodeAlike(_ name: String) throws {
        let body = try DTODecodingTests.bytes(name)
        let (tape, foundation) = Self.outcomes(fixture: name, body)
        #expect(tape == foundation, "every fixture is JSON and decodes")
        if case .failed(let error) = tape { Issue.record("\(name) did not decode: \(error)") }
    }

    /// Each fixture cut short, and with one byte replaced, at 25 places spread over it: the
    /// replacements break the syntax, turn a value into another kind or null, and put a
    /// control character, an escape or a byte that is not UTF-8 into a string.
    @Test(arguments: DTODecodingTests.allFixtures)
    func brokenVariantsFailAlike(_ name: String) throws {
        let body = try DTODecodingTests.bytes(name)
        let replacements: [UInt8] = Array(#""{}[]:,1-e.ntf\"#.utf8) + [0x00, 0x1F, 0x20, 0x80, 0xC3, 0xFF]
        var disagreements: [String] = []
        let step = max(1, body.count / 25)
        for position in stride(from: 0, to: body.count, by: step) {
            var variants: [(String, [UInt8])] = [("cut at \(position)", Array(body[..<position]))]
            for (index, byte) in replacements.enumerated() where body[position] != byte {
                var changed = body
                changed[position] = byte
                variants.append(("byte \(position) = \(byte) (\(index))", changed))
            }
            for (label, variant) in variants {
                let (tape, foundation) = Self.outcomes(fixture: name, variant)
                if !Self.agree(tape, foundation, body: variant) { disagreements.append("\(label): tape \(tape), JSONDecoder \(foundation)") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.prefix(3))")
    }

    struct Numbers: Decodable, CustomStringConvertible {
        var count: Int?
        var small: Int8?
        var unsigned: UInt?
        var price: Double?
        var ratio: Float?
        var description: String { "\(String(describing: count)) \(String(describing: small)) \(String(describing: unsigned)) \(String(describing: price)) \(String(describing: ratio))" }
    }

    @Test(arguments: [
        #"{"count": 9223372036854775807}"#, #"{"count": -9223372036854775808}"#, #"{"count": 9223372036854775808}"#,
        #"{"count": -9223372036854775809}"#, #"{"count": 10.0}"#, #"{"count": 1e2}"#, #"{"count": 1.5}"#, #"{"count": -0}"#,
        #"{"count": 1e300}"#, #"{"count": "7"}"#, #"{"count": true}"#, #"{"count": null}"#, #"{"count": 01}"#, #"{"count": +1}"#,
        #"{"small": 127}"#, #"{"small": 128}"#, #"{"small": -129}"#, #"{"unsigned": -1}"#, #"{"unsigned": 18446744073709551615}"#,
        #"{"price": 1e300}"#, #"{"price": 1e400}"#, #"{"price": -1e400}"#, #"{"price": 1E-400}"#, #"{"price": 0.1}"#,
        #"{"price": 12345678901234567890123}"#, #"{"price": NaN}"#, #"{"price": .5}"#, #"{"price": 5.}"#, #"{"price": 1e}"#,
        #"{"ratio": 1e39}"#, #"{"ratio": 3.5}"#, #"{"price": -}"#, #"{"price": 2.5e+3}"#,
    ])
    func numbersReadAlike(_ body: String) {
        let (tape, foundation) = Self.outcomes(Numbers.self, Array(body.utf8))
        #expect(Self.agree(tape, foundation, body: Array(body.utf8)), "\(body): tape \(tape), JSONDecoder \(foundation)")
    }

    /// An integer written with a fraction or an exponent is read on its digits: through Double,
    /// 9007199254740993.0 was 9007199254740992 (JSONDecoder reads 9007199254740993), and a
    /// user ID so written named another user.
    @Test(arguments: [
        ("9007199254740993.0", 9007199254740993), ("9007199254740993e0", 9007199254740993), ("90071992547409930e-1", 9007199254740993),
        ("9223372036854775807.0", Int.max), ("-9223372036854775808.00", Int.min), ("0.001e3", 1), ("1.5e1", 15), ("100e-2", 1),
        ("-0.0", 0), ("0e999999999999999999999", 0), ("1E+2", 100),
    ])
    func wholeNumbersWithAFractionOrExponentReadExactly(_ number: String, _ expected: Int) throws {
        let numbers = try JSONBody.decode(Numbers.self, from: Array(#"{"count": \#(number)}"#.utf8))
        #expect(numbers.count == expected, "\(number)")
    }

    @Test(arguments: ["9223372036854775808.0", "-9223372036854775809e0", "1.5", "1.00000000000000001", "1e-400", "1e400", "1e999999999999999999999", "12345678901234567890123e-3"])
    func numbersThatAreNotWholeOrTooLargeAreRefusedAtTheirField(_ number: String) {
        #expect(throws: BodyDecodingError(field: "count", problem: .invalidValue)) {
            try JSONBody.decode(Numbers.self, from: Array(#"{"count": \#(number)}"#.utf8))
        }
    }

    @Test func aUserIDWrittenWithAnExponentIsExact() throws {
        let token = try JSONBody.decode(TokenDTO.self, from: Array(#"{"access_token": "a", "user_id": 9007199254740993e0}"#.utf8))
        #expect(token.userID?.text == "9007199254740993")
    }

    struct Texts: Decodable {
        var text: String?
        var list: [String]?
    }

    @Test(arguments: [
        #"{"text": "caf\u00e9 \ud83d\ude00 \" \\ \/ \b \f \n \r \t"}"#, #"{"text": "\ud83d"}"#, #"{"text": "\ude00"}"#,
        #"{"text": "\ud83d\u0041"}"#, #"{"text": "\u0000"}"#, #"{"text": "\x"}"#, #"{"text": "\u12"}"#, #"{"text": "\u12G4"}"#,
        #"{"te\u0078t": "escaped key"}"#, #"{"text": "a", "text": "b"}"#, #"{"list": ["a", null]}"#, #"{"list": "a"}"#,
        #"{"list": {}}"#, #"{"text": ["a"]}"#, "\u{FEFF}{\"text\": \"bom\"}", #"  {"text":"x"}  "#, #"{"text":"x"} x"#,
        #"{"text":"x",}"#, #"{"list":["a",]}"#, #"{,}"#, "", " ", "null", "[]", #""text""#, #"{"text": 'x'}"#,
        #"{"text" "x"}"#, #"{"text": tru}"#, #"{"text": nul}"#, "{\"text\": \"a\u{1}b\"}", "{\"text\": \"\t\"}",
    ])
    func stringsAndSyntaxReadAlike(_ body: String) {
        let (tape, foundation) = Self.outcomes(Texts.self, Array(body.utf8))
        #expect(Self.agree(tape, foundation, body: Array(body.utf8)), "\(body): tape \(tape), JSONDecoder \(foundation)")
    }

    @Test func invalidUTF8InAReadStringIsRefused() {
        let body: [UInt8] = Array(#"{"text": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(throws: BodyDecodingError.self) { try JSONBody.decode(Texts.self, from: body) }
    }

    struct Nested: Decodable {
        var inner: [Nested]?
    }

    /// A 16 MiB answer of `[0,0,0,…]` is 8 million values: the tape stops at a million (12 MB
    /// of nodes) instead of holding them all.
    @Test func theNumberOfValuesIsBounded() throws {
        let fits = "[" + String(repeating: "0,", count: JSONTape.maxNodes - 2) + "0]"
        #expect(JSONTape(Array(fits.utf8))?.nodes.count == JSONTape.maxNodes)
        let over = "[" + String(repeating: "0,", count: JSONTape.maxNodes - 1) + "0]"
        #expect(JSONTape(Array(over.utf8)) == nil)
        // Too large to read, not "not JSON": the answer may well be JSON.
        #expect(throws: BodyDecodingError(field: "", problem: .tooManyValues(limit: JSONTape.maxNodes))) {
            try JSONBody.decode([Int].self, from: Array(over.utf8))
        }
        let decoded = try JSONBody.decode([Int].self, from: Array(fits.utf8))
        #expect(decoded.count == JSONTape.maxNodes - 1)
    }

    @Test func nestingIsBoundedWithoutRecursion() {
        // 511 levels inside the top object decode; 100,000 are refused as not JSON, without
        // exhausting the stack while scanning.
        let fits = String(repeating: #"{"inner":["#, count: 255) + "{}" + String(repeating: "]}", count: 255)
        #expect(throws: Never.self) { try JSONBody.decode(Nested.self, from: Array(fits.utf8)) }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(JSONTape(Array(deep.utf8)) == nil)
        let (tape, foundation) = Self.outcomes(Nested.self, Array(deep.utf8))
        #expect(tape == foundation)
    }
}
