#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A response body that did not decode, naming the field (`results[3].price`) and what was wrong.
public struct BodyDecodingError: Error, Sendable, Hashable {
    /// Dotted path to the field; empty for the body as a whole.
    public var field: String
    public var problem: Message

    public init(field: String, problem: Message) {
        self.field = field
        self.problem = problem
    }
}

/// Decodes API bodies.
enum JSONBody {
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(BodyDecodingError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch let error as DecodingError {
            throw describe(error)
        } catch {
            throw BodyDecodingError(field: "", problem: Message(.notJSON))
        }
    }

    private static func describe(_ error: DecodingError) -> BodyDecodingError {
        switch error {
        case .typeMismatch(let type, let context):
            BodyDecodingError(field: path(context.codingPath), problem: Message(expected(type)))
        case .valueNotFound(let type, let context):
            BodyDecodingError(field: path(context.codingPath), problem: Message(.foundNull, nested: [Message(expected(type))]))
        case .keyNotFound(let key, let context):
            BodyDecodingError(field: path(context.codingPath + [key]), problem: Message(.missingField))
        case .dataCorrupted(let context):
            BodyDecodingError(field: path(context.codingPath), problem: Message(context.codingPath.isEmpty ? .notJSON : .invalidValue))
        @unknown default:
            BodyDecodingError(field: "", problem: Message(.invalidValue))
        }
    }

    /// `results[3].price`.
    static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce("") { text, key in
            if let index = key.intValue { return text + "[\(index)]" }
            return text.isEmpty ? key.stringValue : text + "." + key.stringValue
        }
    }

    private static func expected(_ type: Any.Type) -> MessageKey {
        switch type {
        case is String.Type: .expectedString
        case is Double.Type, is Int.Type: .expectedNumber
        case is Bool.Type: .expectedBool
        case is [Any].Type: .expectedArray
        default: .expectedObject
        }
    }
}
