#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension PagerChoice {
    /// The shell's own words: never on `PATH`, never looked for.
    private static let shellWords: Set<String> = [
        "exec", "command", "exit", "true", "false", ":", ".", "cd", "eval", "set", "export", "trap", "test", "[", "echo",
        "printf", "read", "unset", "umask", "wait", "type", "if", "then", "else", "elif", "fi", "while", "until", "for",
        "do", "done", "case", "esac", "!",
    ]

    /// Why the command cannot run, found before it is started: the first program of its simple
    /// commands (split at `|`, `;` and `&` outside quotes, past any `NAME=value`, its quotes
    /// removed as the shell removes them) that is a path to no executable (`.notExecutable` when
    /// something is there) or is not on `PATH` (`.notFound`). Nil when each is there or is the
    /// shell's own, and for a command with expansions, redirections or groups (`$`, `` ` ``, `<`,
    /// `>`, `(`, `{`, `\`), which only the shell can judge: its status 127 or 126 says it then.
    func missingProgram(fileSystem: FileSystem = .local) -> PagerFailure? {
        guard !command.unicodeScalars.contains(where: { "$`<>({\\".unicodeScalars.contains($0) }) else { return nil }
        for segment in Self.segments(command) {
            guard let words = ShellWords.split(segment) else { return nil }
            guard let program = words.first(where: { !Self.isAssignment($0) }), !Self.shellWords.contains(program) else { continue }
            if program.contains("/") {
                if Subprocess.locate(program, preferring: [program], path: "", fileSystem: fileSystem) == nil {
                    return access(program, F_OK) == 0 ? .notExecutable : .notFound
                }
            } else if Subprocess.locate(program, preferring: [], path: environment["PATH"], fileSystem: fileSystem) == nil {
                return .notFound
            }
        }
        return nil
    }

    /// `NAME=value`: an assignment before a command's program.
    private static func isAssignment(_ word: String) -> Bool {
        guard let equals = word.firstIndex(of: "="), equals != word.startIndex else { return false }
        return word[..<equals].allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }

    /// The command's simple commands: split at `|`, `;`, `&` and line breaks outside quotes.
    private static func segments(_ command: String) -> [String] {
        var segments: [String] = []
        var current = ""
        var quote: Character?
        for character in command {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "|" || character == ";" || character == "&" || character == "\n" {
                segments.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        segments.append(current)
        return segments.filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
    }
}
