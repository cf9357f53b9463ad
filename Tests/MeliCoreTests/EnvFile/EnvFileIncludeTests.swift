import Testing
@testable import MeliCore

@Suite("Env file: includes")
struct EnvFileIncludeTests {
    @Test func includeSplicesAtItsPlace() throws {
        let outcome = try EnvFileHarness().resolve([
            "Main.env": "A = main-before\n#include \"Base.env\"\nB = main-after\n",
            "Base.env": "A = base\nB = base\nC = base\n",
        ])
        #expect(outcome.values == ["A": "base", "B": "main-after", "C": "base"])
        #expect(outcome.origins["A"] == "Base.env:1")
        #expect(outcome.files == ["Main.env", "Base.env"])
    }

    @Test func pathIsRelativeToTheIncludingFile() throws {
        let outcome = try EnvFileHarness().resolve([
            "Main.env": "#include \"sub/One.env\"\n",
            "sub/One.env": "#include \"../shared/Two.env\"\nA = $(B)\n",
            "shared/Two.env": "B = two\n",
        ])
        #expect(outcome.diagnostics == [])
        #expect(outcome.values["A"] == "two")
        #expect(outcome.files == ["Main.env", "sub/One.env", "shared/Two.env"])
    }

    @Test func optionalIncludeOfAMissingFileIsSkipped() throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": "#include? \"Local.env\"\nA = 1\n"])
        #expect(outcome.diagnostics == [])
        #expect(outcome.files == ["Main.env"])
    }

    @Test func optionalIncludeOfAPresentFileIsRead() throws {
        let outcome = try EnvFileHarness().resolve([
            "Main.env": "A = 1\n#include? \"Local.env\"\n", "Local.env": "A = local\n",
        ])
        #expect(outcome.values["A"] == "local")
    }

    @Test func optionalIncludeStillReportsErrorsInside() throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": "#include? \"Local.env\"\n", "Local.env": "oops\n"])
        #expect(outcome.errorPlaces == ["Local.env:1:5"])
    }

    @Test func includeCycleNamesTheChain() throws {
        let outcome = try EnvFileHarness().resolve([
            "QA.env": "#include \"Base.env\"\n", "Base.env": "A = 1\n#include \"QA.env\"\n",
        ], root: "QA.env")
        #expect(outcome.errorPlaces == ["Base.env:2:1"])
        #expect(outcome.errorMessages == [.includeCycle(cycle: "QA.env -> Base.env -> QA.env")])
        #expect(outcome.values["A"] == "1", "the cycle is reported, the rest still read")
    }

    @Test func selfIncludeIsACycle() throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": "#include \"./Main.env\"\n"])
        #expect(outcome.errorMessages == [.includeCycle(cycle: "Main.env -> Main.env")])
    }

    @Test func includingADirectoryIsAnError() throws {
        let harness = try EnvFileHarness()
        try harness.directory.write("dir/x.env", "")
        let outcome = try harness.resolve(["Main.env": "#include? \"dir\"\n"])
        #expect(outcome.errorMessages == [.cannotInclude(path: "dir", reason: "it is a directory")])
    }

    @Test func theSameFileMayBeIncludedTwiceWithoutACycle() throws {
        let outcome = try EnvFileHarness().resolve([
            "Main.env": "#include \"A.env\"\n#include \"A.env\"\n", "A.env": "X = $(inherited)x\n",
        ])
        #expect(outcome.diagnostics == [])
        #expect(outcome.values["X"] == "xx")
    }

    @Test func errorsInIncludedFilesNameThatFile() throws {
        let outcome = try EnvFileHarness().resolve([
            "Main.env": "#include \"Base.env\"\nB = $(\n", "Base.env": "\n\nA = \"open\n",
        ])
        #expect(Set(outcome.errorPlaces) == ["Base.env:3:5", "Main.env:2:5"])
    }
}
