#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A response body that did not decode, naming the field (`results[3].price`) and what was wrong.
public struct BodyDecodingError: Error, Sendable, Hashable {
    /// Dotted path to the field; empty for the body as a whole.
    public var field: String
    public var problem: String
}

/// Decodes API bodies.
enum JSONBody {
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(BodyDecodingError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch let error as DecodingError {
            throw describe(error)
        } catch {
            throw BodyDecodingError(field: "", problem: "\(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> BodyDecodingError {
        switch error {
        case .typeMismatch(let type, let context):
            BodyDecodingError(field: path(context.codingPath), problem: "expected \(name(of: type))")
        case .valueNotFound(let type, let context):
            BodyDecodingError(field: path(context.codingPath), problem: "expected \(name(of: type)), found null")
        case .keyNotFound(let key, let context):
            BodyDecodingError(field: path(context.codingPath + [key]), problem: "missing")
        case .dataCorrupted(let context):
            BodyDecodingError(field: path(context.codingPath), problem: context.codingPath.isEmpty ? "not valid JSON" : "invalid value")
        @unknown default:
            BodyDecodingError(field: "", problem: "does not decode")
        }
    }

    /// `results[3].price`.
    static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce("") { text, key in
            if let index = key.intValue { return text + "[\(index)]" }
            return text.isEmpty ? key.stringValue : text + "." + key.stringValue
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type, is Int.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }
}
