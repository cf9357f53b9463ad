#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A response body that did not decode, naming the field (`results[3].price`) and what was wrong.
package struct BodyDecodingError: Error, Sendable, Hashable {
    /// Dotted path to the field; empty for the body as a whole.
    package var field: String
    package var problem: DecodingProblem

    package init(field: String, problem: DecodingProblem) {
        self.field = field
        self.problem = problem
    }
}

/// What was wrong with a field of a JSON body.
package enum DecodingProblem: Sendable, Hashable {
    /// A value of another kind than the one expected.
    case expected(JSONKind)
    /// Null where a value of this kind was expected.
    case foundNull(expected: JSONKind)
    case missing
    case notJSON
    case invalidValue
    /// More values than `JSONTape.maxNodes`: too large to read (it may be valid JSON).
    case tooManyValues(limit: Int)
}

/// The kinds of JSON value a field may expect.
package enum JSONKind: Sendable, Hashable {
    case string, number, bool, array, object
}

/// Decodes API bodies: checked whole by `JSONTape`, read field by field by the type itself
/// (`TapeReadable`: the search page's DTOs) or else by `TapeDecoder`.
enum JSONBody {
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(BodyDecodingError) -> T {
        var pastNodeLimit = false
        guard let tape = JSONTape(bytes, pastNodeLimit: &pastNodeLimit) else {
            throw BodyDecodingError(field: "", problem: pastNodeLimit ? .tooManyValues(limit: JSONTape.maxNodes) : .notJSON)
        }
        if let readable = type as? any TapeReadable.Type, let value = try readable.init(tape: tape, node: 0) as? T { return value }
        do {
            return try T(from: TapeDecoder(tape: tape))
        } catch let error as DecodingError {
            throw describe(error)
        } catch {
            throw BodyDecodingError(field: "", problem: .notJSON)
        }
    }

    /// The field and problem of a decoding error (also what the tests compare `JSONDecoder` with).
    static func describe(_ error: DecodingError) -> BodyDecodingError {
        switch error {
        case .typeMismatch(let type, let context):
            BodyDecodingError(field: path(context.codingPath), problem: .expected(kind(type)))
        case .valueNotFound(let type, let context):
            BodyDecodingError(field: path(context.codingPath), problem: .foundNull(expected: kind(type)))
        case .keyNotFound(let key, let context):
            BodyDecodingError(field: path(context.codingPath + [key]), problem: .missing)
        case .dataCorrupted(let context):
            BodyDecodingError(field: path(context.codingPath), problem: context.codingPath.isEmpty ? .notJSON : .invalidValue)
        @unknown default:
            BodyDecodingError(field: "", problem: .invalidValue)
        }
    }

    /// `results[3].price`.
    static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce("") { text, key in
            if let index = key.intValue { return text + "[\(index)]" }
            return text.isEmpty ? key.stringValue : text + "." + key.stringValue
        }
    }

    private static func kind(_ type: Any.Type) -> JSONKind {
        switch type {
        case is String.Type: .string
        case is Double.Type, is Int.Type: .number
        case is Bool.Type: .bool
        case is [Any].Type: .array
        default: .object
        }
    }
}
