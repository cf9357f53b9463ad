extension Message {
    /// The LEARN MORE footer of every help page, in English and Spanish.
    enum LearnMore {}
}

extension Message.LearnMore {
    static let title = Message(en: "LEARN MORE", es: "MÁS INFORMACIÓN")
    static let manual = Message(en: "Read the manual", es: "Lea el manual")
    static let problem = Message(en: "Report a problem", es: "Informe un problema")
    static let manPage = Message(en: "The manual page", es: "La página de manual")
}
