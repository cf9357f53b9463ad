import Testing
@testable import MeliCore

/// Groups name their subcommands without building them (`Subcommand`): each name must be the one
/// its declaration gives, or the parser would run a command under another's name.
@Suite("Subcommand entries")
struct SubcommandEntryTests {
    @Test func everyEntryIsNamedAsItsDeclaration() {
        func walk(_ spec: CommandSpec, _ path: [String]) {
            for entry in spec.entries {
                let built = entry.spec()
                #expect(built.name == entry.name, "\((path + [entry.name]).joined(separator: " "))")
                walk(built, path + [entry.name])
            }
        }
        walk(Program.root(binary: "meli-test", environment: .dev), [])
    }

    @Test func aGroupBuildsTheSubcommandAskedFor() throws {
        let root = Program.root(binary: "meli-test", environment: .dev)
        #expect(root.hasSubcommands)
        #expect(root.entries.map(\.name) == root.subcommands.map(\.name))
        let auth = try #require(root.subcommand(named: "auth"))
        #expect(auth.subcommand(named: "status")?.name == "status")
        #expect(root.subcommand(named: "nope") == nil)
        #expect(try #require(root.subcommand(named: "search")).hasSubcommands == false)
    }
}
