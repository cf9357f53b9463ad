extension Message {
    /// The messages of environment files (reading, includes, references), in English and Spanish.
    enum EnvFile {}
}

extension Message.EnvFile {
    static func cannotReadEnvFile(reason: String) -> Message {
        Message(en: "cannot read the environment file: \(reason)", es: "no se puede leer el archivo de entorno: \(reason.spanishReason)")
    }
    static func cannotInclude(path: String, reason: String) -> Message {
        Message(en: "cannot include '\(path)': \(reason)", es: "no se puede incluir '\(path)': \(reason.spanishReason)")
    }
    static func cannotIncludeMissing(path: String, reason: String) -> Message {
        Message(
            en: "cannot include '\(path)': \(reason); use #include? for a file that may be absent",
            es: "no se puede incluir '\(path)': \(reason.spanishReason); use #include? para un archivo que puede faltar")
    }
    static func includeCycle(cycle: String) -> Message {
        Message(en: "include cycle: \(cycle)", es: "ciclo de inclusión: \(cycle)")
    }
    static func includeTooDeep(limit: String) -> Message {
        Message(en: "includes nest deeper than \(limit) files", es: "las inclusiones anidan más de \(limit) archivos")
    }
    static let invalidUTF8 = Message(
        en: "invalid UTF-8; save the file as UTF-8",
        es: "UTF-8 inválido; guarde el archivo como UTF-8")
    static let commentContinues = Message(
        en: "this comment ends in '\\', so it continues onto the next line and hides it",
        es: "este comentario termina en '\\', así que continúa en la línea siguiente y la oculta")
    /// Nil `directive`: in a line that is not quoted (`SourceLocation.quotesLine`), nothing of it is shown.
    static func unknownDirective(directive: String?) -> Message {
        Message(
            en: "unknown directive\(directive.map { " '#\($0)'" } ?? ""); the directives are #include \"path\" and #include? \"path\"",
            es: "directiva desconocida\(directive.map { " '#\($0)'" } ?? ""); las directivas son #include \"ruta\" y #include? \"ruta\"")
    }
    static func expectedIncludePath(directive: String) -> Message {
        Message(
            en: "expected a quoted path after '#\(directive)', as in #\(directive) \"Base.env\"",
            es: "se esperaba una ruta entre comillas después de '#\(directive)', como en #\(directive) \"Base.env\"")
    }
    static let unterminatedPath = Message(
        en: "unterminated path; add a closing '\"'",
        es: "ruta sin terminar; agregue una '\"' de cierre")
    static func emptyIncludePath(directive: String) -> Message {
        Message(en: "empty path after '#\(directive)'", es: "ruta vacía después de '#\(directive)'")
    }
    static let unexpectedAfterPath = Message(
        en: "unexpected text after the path; only a // comment may follow it",
        es: "texto inesperado después de la ruta; solo puede seguir un comentario //")
    static let unexpectedAfterQuote = Message(
        en: "unexpected text after the closing quote; only a // comment may follow it",
        es: "texto inesperado después de la comilla de cierre; solo puede seguir un comentario //")
    static let expectedSettingName = Message(
        en: "expected a setting name: letters, digits and '_', not starting with a digit",
        es: "se esperaba un nombre de valor: letras, dígitos y '_', sin empezar por un dígito")
    /// Nil `character`: in a line that is not quoted, nothing of it is shown.
    static func invalidNameCharacter(character: String?) -> Message {
        Message(
            en: "\(character.map { "'\($0)'" } ?? "this character") cannot appear in a setting name; names use letters, digits and '_'",
            es: "\(character.map { "'\($0)'" } ?? "este carácter") no puede aparecer en un nombre de valor; los nombres usan letras, dígitos y '_'")
    }
    /// The name is not repeated: the line is quoted under the message up to the caret, after it.
    static let expectedEquals = Message(
        en: "expected '=' after the setting's name, as in NAME = value",
        es: "se esperaba '=' después del nombre del valor, como en NOMBRE = valor")
    static let unterminatedQuote = Message(
        en: "unterminated quoted value; add a closing '\"'",
        es: "valor entre comillas sin terminar; agregue una '\"' de cierre")
    /// Nil `escape`: in a line that is not quoted, nothing of it is shown.
    static func unknownEscape(escape: String?) -> Message {
        Message(
            en: "unknown escape\(escape.map { " '\($0)'" } ?? "") in a quoted value; the escapes are \\\", \\\\, \\n and \\t (write \\\\ for a backslash)",
            es: "escape desconocido\(escape.map { " '\($0)'" } ?? "") en un valor entre comillas; los escapes son \\\", \\\\, \\n y \\t (escriba \\\\ para una barra invertida)")
    }
    static func unterminatedReference(reference: String, close: String) -> Message {
        Message(
            en: "unterminated reference '$\(reference)'; close it with '\(close)'",
            es: "referencia sin terminar '$\(reference)'; ciérrela con '\(close)'")
    }
    /// Nil `reference`: in a line that is not quoted, nothing of it is shown.
    static func invalidReference(reference: String?) -> Message {
        Message(
            en: "invalid reference\(reference.map { " '\($0)'" } ?? ""); a reference names one setting: letters, digits and '_', then any operators (as in $(NAME:lower))",
            es: "referencia inválida\(reference.map { " '\($0)'" } ?? ""); una referencia nombra un valor: letras, dígitos y '_', y luego sus operadores (como en $(NOMBRE:lower))")
    }
    static func referenceCycle(cycle: String) -> Message {
        Message(en: "reference cycle: \(cycle)", es: "ciclo de referencias: \(cycle)")
    }
    static func undefinedReference(name: String) -> Message {
        Message(
            en: "'\(name)' is not defined in any environment file nor in the process environment; define it, or write $$ for a literal '$'",
            es: "'\(name)' no está definido en ningún archivo de entorno ni en el entorno del proceso; defínalo, o escriba $$ para un '$' literal")
    }
}

/// The limits of environment files (`EnvFileLimits`): what is refused rather than read on forever.
extension Message.EnvFile {
    static let envFileNotRegular = Message(
        en: "cannot read the environment file: it is not a regular file (a FIFO, a device or a socket); give the path of a .env file",
        es: "no se puede leer el archivo de entorno: no es un archivo regular (un FIFO, un dispositivo o un socket); indique la ruta de un archivo .env")
    static func envFileTooLarge(limit: String) -> Message {
        Message(
            en: "the environment file is larger than \(limit), the most one file may hold; keep settings only in it",
            es: "el archivo de entorno ocupa más de \(limit), lo máximo que puede ocupar un archivo; deje en él solo valores")
    }
    static func cannotIncludeNotRegular(path: String) -> Message {
        Message(
            en: "cannot include '\(path)': it is not a regular file (a FIFO, a device or a socket); include a .env file",
            es: "no se puede incluir '\(path)': no es un archivo regular (un FIFO, un dispositivo o un socket); incluya un archivo .env")
    }
    static func includeTooLarge(path: String, limit: String) -> Message {
        Message(
            en: "cannot include '\(path)': it is larger than \(limit), the most one environment file may hold",
            es: "no se puede incluir '\(path)': ocupa más de \(limit), lo máximo que puede ocupar un archivo de entorno")
    }
    static func includesTooLarge(path: String, limit: String) -> Message {
        Message(
            en: "cannot include '\(path)': the environment files would come to more than \(limit) in all; include fewer or smaller files",
            es: "no se puede incluir '\(path)': los archivos de entorno ocuparían más de \(limit) en total; incluya menos archivos o más pequeños")
    }
    static func tooManyIncludes(limit: String) -> Message {
        Message(
            en: "more than \(limit) environment files are read in all (a file counts each time it is included); include fewer files",
            es: "se leen más de \(limit) archivos de entorno en total (un archivo cuenta cada vez que se incluye); incluya menos archivos")
    }
    static func moreProblems(count: String) -> Message {
        Message(
            en: "\(count) more \(count == "1" ? "problem in this file is" : "problems in this file are") not shown; fix the ones above and run again",
            es: "no se \(count == "1" ? "muestra" : "muestran") \(count) \(count == "1" ? "problema" : "problemas") más de este archivo; corrija los de arriba y vuelva a ejecutar")
    }
    static let includePathHasNUL = Message(
        en: "the include path holds a NUL character, which no file name can hold; remove it",
        es: "la ruta a incluir contiene un carácter NUL, que ningún nombre de archivo puede contener; quítelo")
    static func referenceTooDeep(limit: String, chain: String) -> Message {
        Message(
            en: "references nest deeper than \(limit): \(chain); refer to the value more directly",
            es: "las referencias anidan más de \(limit) niveles: \(chain); refiérase al valor más directamente")
    }
    static func inheritedTooDeep(key: String, limit: String, first: String, last: String) -> Message {
        Message(
            en: "$(inherited) reaches back through more than \(limit) assignments of \(key) (from \(last) back to \(first)); assign it fewer times",
            es: "$(inherited) retrocede más de \(limit) asignaciones de \(key) (de \(last) hasta \(first)); asígnelo menos veces")
    }
    static func valuesTooLarge(key: String, limit: String) -> Message {
        Message(
            en: "with its references substituted, \(key) takes the values past \(limit) in all; refer to long values fewer times",
            es: "con sus referencias sustituidas, \(key) lleva los valores a más de \(limit) en total; refiérase menos veces a valores largos")
    }
}

/// Conditional assignments and Xcode's operators inside references.
extension Message.EnvFile {
    static let unterminatedCondition = Message(
        en: "unterminated condition; write it as [name=pattern], as in MELI_LOG_LEVEL[env=dev] = debug",
        es: "condición sin terminar; escríbala como [nombre=patrón], como en MELI_LOG_LEVEL[env=dev] = debug")
    /// Nil `name`: in a line that is not quoted, nothing of it is shown.
    static func expectedConditionEquals(name: String?) -> Message {
        Message(
            en: "expected '=' after the condition\(name.map { " '\($0)', as in [\($0)=pattern]" } ?? "'s name, as in [env=pattern]")",
            es: "se esperaba '=' después \(name.map { "de la condición '\($0)', como en [\($0)=patrón]" } ?? "del nombre de la condición, como en [env=patrón]")")
    }
    /// After `EnvFileLoader.warningsShownPerFile` warnings of one file (always more than one).
    static func moreWarnings(count: String) -> Message {
        Message(
            en: "and \(count) more warnings in this file, not shown",
            es: "y \(count) advertencias más en este archivo, que no se muestran")
    }
    /// Nil `name`: in a line that is not quoted, nothing of it is shown.
    static func unknownCondition(name: String?, known: String) -> Message {
        Message(
            en: "unknown condition\(name.map { " '\($0)'" } ?? " (its name is not shown: the file is outside the folder of the one chosen)"): as in Xcode, it has no value here and matches only the pattern '*'; the conditions are \(known)",
            es: "condición desconocida\(name.map { " '\($0)'" } ?? " (su nombre no se muestra: el archivo está fuera de la carpeta del archivo elegido)"): como en Xcode, aquí no tiene valor y solo coincide con el patrón '*'; las condiciones son \(known)")
    }
    static func unknownConditionSuggestion(name: String, suggestion: String) -> Message {
        Message(
            en: "unknown condition '\(name)': as in Xcode, it has no value here and matches only the pattern '*'; did you mean '\(suggestion)'?",
            es: "condición desconocida '\(name)': como en Xcode, aquí no tiene valor y solo coincide con el patrón '*'; ¿quiso decir '\(suggestion)'?")
    }
    /// Nil `name`: in a line that is not quoted, nothing of it is shown.
    static func unknownOperator(name: String?, known: String) -> Message {
        Message(
            en: "unknown operator\(name.map { " ':\($0)'" } ?? ""); the operators here are \(known)",
            es: "operador desconocido\(name.map { " ':\($0)'" } ?? ""); los operadores aquí son \(known)")
    }
    static func unknownOperatorSuggestion(name: String, suggestion: String) -> Message {
        Message(
            en: "unknown operator ':\(name)'; did you mean ':\(suggestion)'?",
            es: "operador desconocido ':\(name)'; ¿quiso decir ':\(suggestion)'?")
    }
    static let missingOperatorName = Message(
        en: "expected an operator name after ':', as in $(NAME:lower)",
        es: "se esperaba el nombre de un operador después de ':', como en $(NOMBRE:lower)")
    /// Nil `character`: in a line that is not quoted, nothing of it is shown.
    static func invalidOperatorCharacter(character: String?) -> Message {
        Message(
            en: "\(character.map { "'\($0)'" } ?? "this character") cannot appear in an operator name; an operand ends at ':', as in Xcode, so give a value holding ':' a setting of its own: $(NAME:default=$(FALLBACK))",
            es: "\(character.map { "'\($0)'" } ?? "este carácter") no puede aparecer en el nombre de un operador; un operando termina en ':', como en Xcode, así que ponga un valor con ':' en un valor propio: $(NOMBRE:default=$(ALTERNATIVO))")
    }
    static func referencesNestTooDeep(limit: String) -> Message {
        Message(
            en: "references nest deeper than \(limit) levels, as in $(A_$(B_$(C)))",
            es: "las referencias anidan más de \(limit) niveles, como en $(A_$(B_$(C)))")
    }
}

/// Files that are not environment files (`EnvFileReader`, `EnvFileText`): refused whole, with one
/// problem that quotes nothing of them.
extension Message.EnvFile {
    static func notEnvFileNUL(line: String) -> Message {
        Message(en: "it holds a NUL byte (line \(line)), so it is not text", es: "contiene un byte NUL (línea \(line)), así que no es texto")
    }
    static func notEnvFileEncoding(line: String) -> Message {
        Message(en: "it is not UTF-8 text (line \(line))", es: "no es texto UTF-8 (línea \(line))")
    }
    static func notEnvFileFirstLine(line: String, column: String) -> Message {
        Message(
            en: "its first line that is not blank or a comment (line \(line), column \(column)) is not a setting nor an #include",
            es: "su primera línea que no está en blanco ni es un comentario (línea \(line), columna \(column)) no es un valor ni un #include")
    }
    static func envFileNotEnvFile(reason: Message) -> Message {
        Message(
            en: "not an environment file: \(reason.english); nothing in it was read",
            es: "no es un archivo de entorno: \(reason.spanish); no se leyó nada de él")
    }
    static func cannotIncludeNotEnvFile(path: String, reason: Message) -> Message {
        Message(
            en: "cannot include '\(path)': it is not an environment file: \(reason.english); nothing in it was read or is shown",
            es: "no se puede incluir '\(path)': no es un archivo de entorno: \(reason.spanish); no se leyó ni se muestra nada de él")
    }
    static let envFileIsSystemFile = Message(
        en: "cannot read the environment file: the system makes it up as it is read (/proc, /sys, /dev and their kind), so it is not an environment file; give the path of a .env file",
        es: "no se puede leer el archivo de entorno: el sistema lo genera al leerlo (/proc, /sys, /dev y los de su tipo), así que no es un archivo de entorno; indique la ruta de un archivo .env")
    static func cannotIncludeSystemFile(path: String) -> Message {
        Message(
            en: "cannot include '\(path)': the system makes it up as it is read (/proc, /sys, /dev and their kind), so it is not an environment file; include a .env file",
            es: "no se puede incluir '\(path)': el sistema lo genera al leerlo (/proc, /sys, /dev y los de su tipo), así que no es un archivo de entorno; incluya un archivo .env")
    }
}
