/// Where this binary was installed by scripts/install: `<prefix>/lib/<binary>/<version>/bin/<binary>`.
struct Installation {
    var prefix: String
    var installer: String

    init?(executablePath: String?, binary: String) {
        guard let path = executablePath else { return nil }
        let binFolder = PathName.directory(of: path)
        let versionFolder = PathName.directory(of: binFolder)
        let home = PathName.directory(of: versionFolder)
        let lib = PathName.directory(of: home)
        guard PathName.lastComponent(of: binFolder) == "bin", PathName.lastComponent(of: home) == binary,
              PathName.lastComponent(of: lib) == "lib"
        else { return nil }
        prefix = PathName.directory(of: lib)
        installer = versionFolder + "/libexec/\(binary)/install"
        guard FileSystem.isFile(installer) else { return nil }
    }
}
