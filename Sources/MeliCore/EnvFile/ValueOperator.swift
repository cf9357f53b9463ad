/// An operator inside a reference, `$(NAME:lower)` or `$(NAME:default=10.15)`, with the meaning
/// swift-build gives it (`MacroEvaluationRetrievalOperator`, `MacroEvaluationReplacementOperator`
/// in Sources/SWBMacro/MacroEvaluationProgram.swift; paths as its `Path`, lexically, never touching
/// the file system).
enum ValueOperator: Hashable, Sendable {
    /// `:NAME`: a transformation of the value.
    case retrieval(Retrieval)
    /// `:NAME=OPERAND`: the value with a part replaced by the operand (itself a value, `$(...)` allowed).
    case replacement(Replacement, ValueTemplate)

    enum Retrieval: String, CaseIterable, Sendable {
        case lower, upper, identifier, rfc1034identifier, quote, dir, file, base, suffix, standardizepath, not, truncatedversion
    }

    enum Replacement: String, CaseIterable, Sendable {
        case `default`, dir, file, base, suffix
    }

    /// What an operator's name may hold (swift-build's `isValidOperatorNameChar`).
    static func isNameCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "+" || c == "." || c == "_")
    }
}

extension ValueOperator.Retrieval {
    /// The operator applied to `value`. As in swift-build, an empty value stays empty (it has no
    /// element to apply the operator to).
    func apply(to value: String) -> String {
        guard !value.isEmpty else { return "" }
        switch self {
        case .lower: return value.lowercased()
        case .upper: return value.uppercased()
        case .identifier: return XcodePath.identifier(value, allowed: "_", replacement: "_")
        case .rfc1034identifier: return XcodePath.identifier(value, allowed: "-", replacement: "-")
        case .quote: return XcodePath.quoted(value)
        case .dir:
            let directory = XcodePath.dirname(value)
            guard !directory.isEmpty else { return "./" }
            return directory.hasSuffix("/") ? directory : directory + "/"
        case .file: return XcodePath.basename(value)
        case .base: return XcodePath.basenameWithoutSuffix(value)
        case .suffix: return XcodePath.fileSuffix(value)
        case .standardizepath: return XcodePath.standardized(value)
        case .not: return value != "YES" ? "YES" : "NO"
        case .truncatedversion: return value.split(separator: ".", maxSplits: 3).prefix(3).joined(separator: ".")
        }
    }
}

extension ValueOperator.Replacement {
    /// The operator applied to `value` with `operand`; only `default` changes an empty value.
    func apply(to value: String, operand: String) -> String {
        if self == .default { return value.isEmpty ? operand : value }
        guard !value.isEmpty else { return "" }
        switch self {
        case .default: return value
        case .dir: return XcodePath.join(operand, XcodePath.basename(value))
        case .file: return XcodePath.join(XcodePath.dirname(value), operand)
        case .base: return XcodePath.join(XcodePath.dirname(value), operand) + "." + XcodePath.fileExtension(value)
        case .suffix:
            let suffix = operand.contains(".") ? XcodePath.fileExtension(operand) : operand
            return XcodePath.withoutSuffix(value) + "." + suffix
        }
    }
}

/// The string and path functions of swift-build's `SWBUtil` that its operators use (its
/// `Path` "legacy implementation" and `String.asLegalCIdentifier`, `quotedDescription`).
enum XcodePath {
    /// Everything before the last `/` (`/` itself for a top-level path), or empty.
    static func dirname(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// Everything after the last `/`.
    static func basename(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The last component up to its last `.`.
    static func basenameWithoutSuffix(_ path: String) -> String {
        let name = basename(path)
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[..<dot])
    }

    /// `.` and what follows it in the last component, or empty.
    static func fileSuffix(_ path: String) -> String {
        let name = basename(path)
        guard let dot = name.lastIndex(of: ".") else { return "" }
        return String(name[dot...])
    }

    /// The suffix without its `.`.
    static func fileExtension(_ path: String) -> String {
        String(fileSuffix(path).dropFirst())
    }

    /// The path without the suffix of its last component.
    static func withoutSuffix(_ path: String) -> String {
        let suffix = fileSuffix(path)
        return String(path.dropLast(suffix.count))
    }

    /// `a` + `/` + `b`, with no doubled `/`; `b` alone when `a` is empty or `b` absolute.
    static func join(_ a: String, _ b: String) -> String {
        if a.isEmpty || b.hasPrefix("/") { return b }
        if b.isEmpty { return a }
        return a.hasSuffix("/") ? a + b : a + "/" + b
    }

    /// Empty, `.` and (in an absolute path) `..` components resolved, as
    /// `normalize(removeDotDotFromRelativePath: false)`: `//foo/./bar/` is `/foo/bar`.
    ///
    /// Components are kept in a list and joined once: the path rebuilt at each component made
    /// a 1 MiB value take 15 s, and 433 bytes of doubling references a minute (attack report).
    static func standardized(_ path: String) -> String {
        if path == "." { return path }
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch component {
            case "", ".":
                continue
            case "..":
                // Absolute: up one folder (at the root, stay); relative: kept, as Xcode keeps it.
                if absolute {
                    if !parts.isEmpty { parts.removeLast() }
                } else {
                    parts.append(component)
                }
            default:
                parts.append(component)
            }
        }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }

    /// Letters kept, digits kept but not first, `allowed` kept; anything else becomes `replacement`.
    static func identifier(_ text: String, allowed: Character, replacement: Character) -> String {
        // ASCII without "\r" (which with "\n" makes one Character): byte by byte, the same result
        // 20 times faster (19 MB of doubled references took 2 s; attack report).
        if let keep = allowed.asciiValue, let other = replacement.asciiValue, text.utf8.allSatisfy({ $0 < 0x80 && $0 != 13 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            for (offset, byte) in text.utf8.enumerated() {
                let letter = (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
                let digit = byte >= 48 && byte <= 57
                bytes.append(letter || byte == keep || (digit && offset > 0) ? byte : other)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var result = ""
        for (offset, c) in text.enumerated() {
            let keep = (c.isASCII && c.isLetter) || c == allowed || (c.isASCII && c.isNumber && offset > 0)
            result.append(keep ? c : replacement)
        }
        return result
    }

    /// Space, tab, CR, LF, `\`, `"` and `'` escaped with a backslash; `""` for an empty string.
    static func quoted(_ text: String) -> String {
        guard !text.isEmpty else { return "\"\"" }
        var result = ""
        for c in text.unicodeScalars {
            if " \t\r\n\\\"'".unicodeScalars.contains(c) { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(c)
        }
        return result
    }
}
