extension Message {
    /// The descriptions `__complete` gives its candidates (zsh and fish show them beside each one).
    enum Completion {}
}

extension Message.Completion {
    /// An environment `env diff` may compare with.
    static func environment(binary: String, file: String) -> Message {
        Message(en: "the environment of \(binary) (\(file))", es: "el entorno de \(binary) (\(file))")
    }
}
