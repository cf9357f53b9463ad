extension Message {
    /// The messages about Config/environments, the table of environments each binary is built with.
    enum Environments {}
}

extension Message.Environments {
    static func unknownBinary(_ file: String, binaries: [String]) -> Message {
        Message(
            en: "this program is named '\(file)', and no environment in its Config/environments is built as that name (the binaries are \(binaries.joined(separator: ", ")))",
            es: "este programa se llama '\(file)', y ningún entorno de su Config/environments se compila con ese nombre (los binarios son \(binaries.joined(separator: ", ")))")
    }

    static let unknownBinaryHint = Message(
        en: "Run it under its own name (rename or link it back), or add a row for it to Config/environments, with its env file, and build again.",
        es: "Ejecútelo con su propio nombre (renómbrelo o enlácelo de nuevo), o agregue una fila para él en Config/environments, con su archivo de entorno, y vuelva a compilar.")

    static let noProc = Message(
        en: "cannot read its own name and arguments: /proc is not mounted, and on Linux the Swift runtime reads them there",
        es: "no puede leer su propio nombre ni sus argumentos: /proc no está montado, y en Linux el runtime de Swift los lee de ahí")

    static let noProcHint = Message(
        en: "Mount /proc (mount -t proc proc /proc, or run it in a container, which has one); its threads need it too.",
        es: "Monte /proc (mount -t proc proc /proc, o ejecútelo en un contenedor, que lo tiene); sus hilos también lo necesitan.")

    /// Where the feed of an environment with a channel (`qa-channel`) is, for the hint when none is set.
    static func channelFeedExample(_ environment: EnvironmentName, channel: String) -> Message {
        Message(
            en: "\nThe \(environment.title) channel on GitHub is at https://github.com/OWNER/REPO/releases/download/\(channel)/feed.json.",
            es: "\nEl canal de \(environment.title) en GitHub está en https://github.com/OWNER/REPO/releases/download/\(channel)/feed.json.")
    }

    /// Where a release environment's feed is (the latest GitHub release's asset), for the hint when none is set.
    static let releaseFeedExample = Message(
        en: "\nThe latest release's feed on GitHub is at https://github.com/OWNER/REPO/releases/latest/download/feed.json.",
        es: "\nEl canal de la última versión en GitHub está en https://github.com/OWNER/REPO/releases/latest/download/feed.json.")

    /// The notice of a newer build in `environment`'s feed: a release names the program, a test
    /// build its environment (titled after its env file: `QA.env` gives "QA").
    static func notifyNewer(_ environment: EnvironmentName, version: String, installed: String) -> Message {
        environment.isRelease
            ? Message(
                en: "A newer version of \(environment.binary) is available: \(version) (you have \(installed))",
                es: "Hay una versión más nueva de \(environment.binary): \(version) (usted tiene \(installed))")
            : Message(
                en: "A newer \(environment.title) build is available: \(version) (you have \(installed))",
                es: "Hay una versión de \(environment.title) más nueva: \(version) (usted tiene \(installed))")
    }
}
