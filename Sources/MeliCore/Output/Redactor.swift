import Synchronization

/// Replaces known secret values with `<redacted>`, and the user information of URLs
/// (`https://user:token@host` becomes `https://***@host`), wherever they appear in a text.
///
/// One per run, built before the environment is read and wrapped around standard output and
/// error (`TextOutput.redacted(by:)`), so it is the one point every byte written passes: results,
/// notes, logs at every level, errors, env-file diagnostics. It is fed with every secret the run
/// knows as soon as it is known, before any use: secret-named process variables and file
/// settings, the credentials file, tokens a renewal returns, a client secret given as a flag.
package final class Redactor: Sendable {
    package static let mask = "<redacted>"
    /// What replaces the user information of a URL.
    package static let userInfoMask = "***"
    private let secrets: Mutex<[String]>

    /// Secrets shorter than four characters are not masked in free text (they would mask ordinary words).
    package init(secrets: [String]) {
        self.secrets = Mutex(Self.ordered(secrets.flatMap(Self.forms)))
    }

    /// Masks `secret` from now on.
    package func add(_ secret: String) {
        let forms = Self.forms(secret).filter { $0.utf8.count >= 4 }
        guard !forms.isEmpty else { return }
        secrets.withLock { known in
            let new = forms.filter { !known.contains($0) }
            if !new.isEmpty { known = Self.ordered(known + new) }
        }
    }

    /// `text` with every known secret and every URL's user information masked.
    package func redact(_ text: String) -> String {
        let known = secrets.withLock { $0 }
        // User information first: a secret masked inside it would hide the `@` behind `<redacted>`.
        let text = Self.maskingUserInfo(text)
        var bytes = Array(text.utf8)
        var changed = false
        // Compared as UTF-8 bytes: a valid needle found in valid text starts and ends on scalar
        // boundaries, so what is left is valid, and a secret ending in a letter is masked even
        // where the next character is a combining mark.
        for secret in known where bytes.count >= secret.utf8.count {
            if let replaced = Self.replacing(Array(secret.utf8), in: bytes) {
                bytes = replaced
                changed = true
            }
        }
        if let cut = Self.maskingCutSecrets(known, in: bytes) {
            bytes = cut
            changed = true
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : text
    }

    /// `…`, which ends every text meli shortens (a long address quoted in an error, a title cut
    /// to the terminal's width), in UTF-8.
    private static let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]

    /// `bytes` with the start of a secret masked where a shortened text ends with it (`APP_USR-12…`):
    /// texts are cut before they reach the output, where a secret is only masked whole. Nil when
    /// there is none. At least four bytes of a secret, as for whole ones.
    private static func maskingCutSecrets(_ secrets: [String], in bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count > 6, !secrets.isEmpty else { return nil }
        var out = bytes
        var changed = false
        var index = out.count - ellipsis.count
        while index >= 0 {
            if out[index] == 0xE2, out[index..<(index + ellipsis.count)].elementsEqual(ellipsis) {
                // The longest end of a secret that the text after the ellipsis starts with (a
                // line quoted from its middle: `…d1e0f-564738291 $(NOPE)`).
                let after = index + ellipsis.count
                let ending = longestPiece(of: secrets, room: out.count - after) { needle, length in
                    out[after..<(after + length)].elementsEqual(needle[(needle.count - length)...])
                }
                if ending > 0 {
                    out.replaceSubrange(after..<(after + ending), with: Array(mask.utf8))
                    changed = true
                }
                // The longest start of a secret that the text before the ellipsis ends with.
                let longest = longestPiece(of: secrets, room: index) { needle, length in
                    out[(index - length)..<index].elementsEqual(needle[0..<length])
                }
                if longest > 0 {
                    out.replaceSubrange((index - longest)..<index, with: Array(mask.utf8))
                    changed = true
                }
                index -= max(longest, 1)
            } else {
                index -= 1
            }
        }
        return changed ? out : nil
    }

    /// The length of the longest piece of a secret, at least four bytes and at most `room`, for
    /// which `matches(secret's bytes, length)` holds; 0 when there is none.
    private static func longestPiece(of secrets: [String], room: Int, _ matches: ([UInt8], Int) -> Bool) -> Int {
        var longest = 0
        for secret in secrets {
            let needle = Array(secret.utf8)
            for length in stride(from: min(needle.count, room), through: max(4, longest + 1), by: -1) where matches(needle, length) {
                longest = length
                break
            }
        }
        return longest
    }

    /// `haystack` with every occurrence of `needle` masked, or nil when there is none.
    private static func replacing(_ needle: [UInt8], in haystack: [UInt8]) -> [UInt8]? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        var out: [UInt8] = []
        var copied = 0
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) {
                out += haystack[copied..<index]
                out += mask.utf8
                index += needle.count
                copied = index
            } else {
                index += 1
            }
        }
        guard copied > 0 else { return nil }
        out += haystack[copied...]
        return out
    }

    /// The secret, its JSON-escaped spelling when that differs (`--json` output quotes it so),
    /// its lower-case spelling (a host name is shown lower-cased: a redirect to
    /// `http://APP_USR-....example/` was quoted as `app_usr-...`, every character of the token),
    /// and its percent-encoded spelling (a request's logged address holds it so: a secret typed as
    /// a search showed as `q=hunter%20two%20words` in the log line, found by a new user).
    private static func forms(_ secret: String) -> [String] {
        let quoted = JSONValue.string(secret).serialized()
        let escaped = String(quoted.dropFirst().dropLast())
        let lower = secret.lowercased()
        let encoded = PercentEncoding.escape(secret)
        return [secret] + [escaped, lower, encoded].filter { $0 != secret }
    }

    /// Longest first, so that a secret containing another is masked whole.
    private static func ordered(_ secrets: [String]) -> [String] {
        Array(Set(secrets.filter { $0.utf8.count >= 4 })).sorted { $0.utf8.count != $1.utf8.count ? $0.utf8.count > $1.utf8.count : $0 < $1 }
    }

    /// `scheme://user:password@host` → `scheme://***@host`, for every URL in `text`.
    static func maskingUserInfo(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.count > 3 else { return text }
        var out: [UInt8] = []
        var copied = 0
        var index = 0
        while index + 2 < bytes.count {
            guard bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") else {
                index += 1
                continue
            }
            let start = index + 3
            var end = start
            var at: Int?
            while end < bytes.count, !endsAuthority(bytes[end]) {
                if bytes[end] == UInt8(ascii: "@") { at = end }
                end += 1
            }
            if let at, !(at == start + userInfoMask.utf8.count && bytes[start..<at].elementsEqual(userInfoMask.utf8)) {
                out += bytes[copied..<start]
                out += userInfoMask.utf8
                copied = at
            }
            index = end
        }
        guard copied > 0 else { return text }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    /// A setting's value as every view shows it: masked whole when it is a secret (`secret`: its
    /// name is a secret's, or it was worked out from one), its user information masked as one
    /// address's otherwise (`maskingUserInfo(ofAddress:)`). The views' free-text redaction, when
    /// they have one, comes after.
    static func shownValue(_ value: String, secret: Bool) -> String {
        secret ? mask : maskingUserInfo(ofAddress: value)
    }

    /// `scheme://user:password@host/path` → `scheme://***@host/path` for `address`, one address as a
    /// setting gives it: its authority runs to the first `/`, `?` or `#`, spaces and quotes
    /// included, so a password with a space in it is masked whole (in free text, where a space
    /// ends a URL, `maskingUserInfo` would stop at it and show the rest).
    static func maskingUserInfo(ofAddress address: String) -> String {
        let bytes = Array(address.utf8)
        guard let colon = bytes.indices.first(where: { index in
            index + 2 < bytes.count && bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "/") && bytes[index + 2] == UInt8(ascii: "/")
        }) else { return address }
        let start = colon + 3
        let end = bytes[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        guard let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")) else { return address }
        return String(decoding: bytes[..<start] + Array(userInfoMask.utf8) + bytes[at...], as: UTF8.self)
    }

    /// Whether `byte` ends a URL's authority (or the URL): a path, query, fragment, space or quote.
    private static func endsAuthority(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"),
             UInt8(ascii: "\r"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "`"): true
        default: false
        }
    }
}

extension TextOutput {
    /// This output with everything written through `redactor` first: the one redaction point.
    package func redacted(by redactor: Redactor) -> TextOutput {
        let output = self
        return TextOutput(isTerminal: isTerminal, width: width, failure: failure) { text in output.write(redactor.redact(text)) }
    }
}
