import Foundation
import Testing
@testable import MeliCore

/// Spanish addresses the user as usted, in every message, and calls a listing a publicación
/// (MercadoLibre's own word): a tú or voseo form, or "artículo", in any `es:` text fails here.
@Suite("Spanish register")
struct SpanishRegisterTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/MeliCore")

    /// Words that only tú or vos use, anywhere in a text: pronouns, possessives, conjugations, and
    /// imperatives with a pronoun attached (usted's are elimínelo, muévalo, hágalo...).
    static let anywhere = [
        "tú", "tu", "tus", "ti", "te", "contigo", "tuyo", "tuya", "tuyos", "tuyas",
        "quisiste", "pudiste", "pusiste", "puedes", "tienes", "quieres", "debes", "necesitas", "escribes", "sabes",
        "podés", "tenés", "querés", "sabés", "fijate", "fíjate", "ejecutá", "usá", "probá", "consultá", "revisá",
        "definí", "pasá", "indicá", "elegí", "escribí", "agregá", "borrá", "mirá", "hacé", "poné", "esperá",
        "instalá", "descargá", "volvé", "intentá", "ejecútalo", "renómbralo", "enlázalo", "bórralo", "inténtalo",
        "elimínalo", "elimínala", "quítalo", "quítala", "quítales", "muévelo", "muévela", "déjala", "hazlo", "haz",
        "ponlo", "pon", "pídelo", "pregúntale", "descárgalo", "desempaquétalo", "instálalo", "instálala",
        "instálalas", "actualízalo", "cópialo", "defínelo", "ciérrala", "escríbela", "asígnalo", "refiérete",
        "guárdala", "ábrela",
    ]

    /// tú imperatives that are also the third person ("meli usa el sandbox", "se vuelve"): a marker
    /// only where an instruction starts, at the start of a text or after `.`, `;`, `:`, `(`, `, o`.
    /// A description that starts a clause there reads as an instruction too: give it its subject
    /// or an adverb ("; solo abre páginas de...", "..., que escribe feed.json.sig").
    static let atInstruction = [
        "define", "ejecuta", "usa", "revisa", "prueba", "indica", "pasa", "vuelve", "espera", "agrega", "añade",
        "quita", "mueve", "descarga", "pega", "abre", "escribe", "mira", "elige", "comprueba", "libera", "avisa",
        "pide", "pregunta", "corrige", "inicia", "intenta", "borra", "edita", "permite", "da", "dale",
    ]

    nonisolated(unsafe) static let instructionPatterns = atInstruction.map { word in
        (word, try! Regex("(^|[.;:(]\\s*|, o |, y |luego )\(word)\\b"))
    }

    /// The tú, vos and "artículo" words of `text`, empty when it speaks usted throughout.
    static func markers(in text: String) -> [String] {
        let lower = text.lowercased()
        var found: [String] = []
        let words = lower.split { !($0.isLetter) }.map(String.init)
        found += words.filter { Set(anywhere).contains($0) || $0.hasPrefix("artículo") }
        for (word, pattern) in instructionPatterns where lower.firstMatch(of: pattern) != nil { found.append(word) }
        return found
    }

    /// Every Swift string literal that follows `es:` in `source` (one-line or `"""` block), as
    /// written: interpolations (`\(seconds == "1" ? "segundo" : "segundos")`) kept whole.
    static func spanishLiterals(_ source: String) -> [String] {
        var texts: [String] = []
        var rest = Substring(source)
        while let label = rest.range(of: "es: \"") {
            var index = label.upperBound
            let block = source[index...].hasPrefix("\"\"")
            if block { index = source.index(index, offsetBy: 2) }
            var text = ""
            var depth = 0
            while index < source.endIndex {
                let character = source[index]
                if depth == 0, block ? source[index...].hasPrefix("\"\"\"") : character == "\"" { break }
                let next = source.index(after: index)
                if character == "\\", next < source.endIndex {
                    // An escape, or an interpolation that opens (its own parentheses and quotes nest).
                    if source[next] == "(" { depth += 1 }
                    text.append(character)
                    index = next
                } else if depth > 0, character == "(" {
                    depth += 1
                } else if depth > 0, character == ")" {
                    depth -= 1
                }
                text.append(source[index])
                index = source.index(after: index)
            }
            texts.append(text)
            rest = source[min(index, source.endIndex)...]
        }
        return texts
    }

    /// Every Spanish text of every `Messages+*.swift` file, with the file it is in.
    static func spanishTexts() throws -> [(file: String, text: String)] {
        let folder = sources.appendingPathComponent("Localization")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("Messages+") && $0.hasSuffix(".swift") }.sorted()
        return try files.flatMap { file in
            spanishLiterals(try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)).map { (file, $0) }
        }
    }

    @Test func theDetectorCatchesTuVosAndArticulo() {
        #expect(Self.markers(in: "Ejecutá el comando de nuevo.") == ["ejecutá"])
        #expect(Self.markers(in: "no se pudo; define MELI_ENV_FILE") == ["define"])
        #expect(Self.markers(in: "Revisa la red o \\(key).") == ["revisa"])
        #expect(Self.markers(in: "una carpeta tuya") == ["tuya"])
        #expect(Self.markers(in: "Mostrar un artículo") == ["artículo"])
        #expect(Self.markers(in: "¿Quisiste decir '--json'?") == ["quisiste"])
        #expect(Self.markers(in: "Ejecute '\\(binary) update'; meli usa el sandbox y vuelve a \\(version).").isEmpty)
    }

    @Test func everySpanishMessageSpeaksUsted() throws {
        let texts = try Self.spanishTexts()
        #expect(texts.count > 600)
        for (file, text) in texts {
            #expect(Self.markers(in: text).isEmpty, "\(file): \(text)")
        }
    }

    /// A reason the system gave (a `String`: strerror's words, libcurl's) is interpolated in
    /// Spanish as `reason.spanishReason`, so "permission denied" never stands in a Spanish text.
    @Test func everySystemReasonIsTranslated() throws {
        for (file, text) in try Self.spanishTexts() {
            #expect(!text.contains("\\(reason)"), "\(file): \(text)")
        }
    }

    /// The sandbox's own Spanish (descriptions, filter names) follows the same rule.
    @Test func theSandboxSpeaksUsted() throws {
        let folder = Self.sources.appendingPathComponent("Sandbox")
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let voseo = Self.markers(in: source).filter { $0.hasSuffix("á") || $0.hasSuffix("é") || $0.hasSuffix("í") }
            #expect(voseo.isEmpty, "\(file): \(voseo)")
        }
    }
}
