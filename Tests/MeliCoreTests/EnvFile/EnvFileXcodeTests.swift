import Testing
@testable import MeliCore

/// xcconfig snippets with the values Xcode gives them. Each expected value comes from the
/// swift-build test named beside it (github.com/swiftlang/swift-build, Tests/SWBMacroTests and
/// Tests/SWBCoreTests), translated where the test uses a condition this format has no value for.
@Suite("Env file: Xcode's conditions, nested references and operators")
struct EnvFileXcodeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var source: String
        var text: String
        var expected: [String: String]
        var environment: [String: String] = [:]
        var testDescription: String { source }
    }

    static let dev = ConditionValues(environment: "dev", binary: "meli-dev")
    static let qa = ConditionValues(environment: "qa", binary: "meli-qa")

    /// SettingsTests.configurationConditionParameter, with `config=Release`/`Debug`/`D*` written as
    /// `env=qa`/`dev`/`d*`: a later plain assignment overrides an earlier conditional one, a
    /// later conditional one overrides the plain one where it matches.
    static let configuration = """
        CONFIG_OVERRIDE[env=qa] = value_release
        CONFIG_OVERRIDE = value_default
        CONFIG_OVERRIDE[env=dev] = value_debug
        CONFIG_PARTIAL = value_default
        CONFIG_PARTIAL[env=d*] = value_d

        """

    @Test func conditionsFollowReadingOrderInDev() throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": Self.configuration], conditions: Self.dev)
        #expect(outcome.diagnostics == [])
        #expect(outcome.values == ["CONFIG_OVERRIDE": "value_debug", "CONFIG_PARTIAL": "value_d"])
    }

    @Test func conditionsFollowReadingOrderInQA() throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": Self.configuration], conditions: Self.qa)
        #expect(outcome.diagnostics == [])
        #expect(outcome.values == ["CONFIG_OVERRIDE": "value_default", "CONFIG_PARTIAL": "value_default"])
    }

    static let conditionCases: [Case] = [
        // MacroConditionSet.evaluate: every condition of the set must match.
        Case(source: "MacroConditionSet: all conditions must match", text: "A = plain\nA[env=dev][binary=meli-qa] = both\n", expected: ["A": "plain"]),
        Case(source: "MacroConditionSet: all conditions match", text: "A = plain\nA[env=dev][binary=meli-dev] = both\n", expected: ["A": "both"]),
        // MacroValueAssignment.firstMatchingCondition: no match falls back to the plain assignment.
        Case(source: "firstMatchingCondition: fallback", text: "A = plain\nA[env=qa] = qa\nA[env=production] = prod\n", expected: ["A": "plain"]),
        // MacroCondition.evaluate: a parameter without a value (sdk here) matches only `*`.
        Case(source: "MacroCondition: sdk never matches a pattern", text: "OTHER_LDFLAGS = -ObjC\nOTHER_LDFLAGS[sdk=iphonesimulator*] = $(inherited) -sim\n", expected: ["OTHER_LDFLAGS": "-ObjC"]),
        Case(source: "MacroCondition: [sdk=*] matches", text: "A = a\nA[sdk=*] = $(inherited) b\n", expected: ["A": "a b"]),
        // SettingsTests (OTHER_CFLAGS[arch=*]): `*` matches any architecture.
        Case(source: "SettingsTests: [arch=*]", text: "OTHER_CFLAGS[arch=*] = -Wall\n", expected: ["OTHER_CFLAGS": "-Wall"]),
        // SettingsTests (FOO[sdk=macosx*] = macos_$(inherited)): inherited is the previous matching value.
        Case(source: "SettingsTests: $(inherited) in a conditional", text: "FOO = base\nFOO[env=qa] = qa_$(inherited)\nFOO[env=dev] = dev_$(inherited)\n", expected: ["FOO": "dev_base"]),
        // fnmatch patterns: `?` is one character.
        Case(source: "MacroCondition: fnmatch ?", text: "A = no\nA[binary=meli-?ev] = yes\n", expected: ["A": "yes"]),
        Case(source: "MacroCondition: pattern must match whole", text: "A = no\nA[env=de] = yes\n", expected: ["A": "no"]),
        // Nested references inside conditional assignments.
        Case(source: "nested reference in a condition", text: "SUFFIX = PROD\nSUFFIX[env=dev] = DEV\nURL_DEV = sandbox://\nURL_PROD = https://x\nURL = $(URL_$(SUFFIX))\n", expected: ["SUFFIX": "DEV", "URL_DEV": "sandbox://", "URL_PROD": "https://x", "URL": "sandbox://"]),
        Case(source: "conditional value with a nested reference", text: "B = b\nA_b = found\nA[env=dev] = $(A_$(B))\n", expected: ["B": "b", "A_b": "found", "A": "found"]),
        // A key whose every assignment is conditional and none matches has no value.
        Case(source: "no matching assignment, no value", text: "A[env=qa] = qa\nB = [$(A:default=none)]\n", expected: ["B": "[none]"]),
    ]

    @Test(arguments: conditionCases)
    func condition(_ c: Case) throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": c.text], environment: c.environment, conditions: Self.dev)
        #expect(outcome.diagnostics == [])
        #expect(outcome.values == c.expected)
    }

    @Test func osAndArchAreThisMachines() throws {
        let text = "OS = other\nOS[os=linux] = linux\nOS[os=macos] = macos\nARCH = other\nARCH[arch=x86_64] = x86_64\nARCH[arch=arm64] = arm64\n"
        let outcome = try EnvFileHarness().resolve(["Main.env": text], conditions: Self.dev)
        #expect(outcome.values["OS"] == ConditionValues.currentOS)
        #expect(outcome.values["ARCH"] == ConditionValues.currentArch)
        #expect(["linux", "macos"].contains(ConditionValues.currentOS))
    }

    static let referenceCases: [Case] = [
        // MacroEvaluationTests.macroNameEvaluation
        Case(source: "macroNameEvaluation", text: "X = X\nY = Y\nZ = Z\nXYZ = (xyz)\nXYZXYZ = (xyzxyz)\nA = $($(X)$(Y)$(Z))\nB = $($(X)$(Y)$(Z)$(X)$(Y)$(Z))\n", expected: ["X": "X", "Y": "Y", "Z": "Z", "XYZ": "(xyz)", "XYZXYZ": "(xyzxyz)", "A": "(xyz)", "B": "(xyzxyz)"]),
        // MacroEvaluationTests.basicInheritance, without `$(value)` (not supported here)
        Case(source: "basicInheritance", text: "X = a\nX = ($(X))\nX = [$(X)]\nX = <$(inherited)>\nX = $(inherited),$(inherited)\nX = $(X)|$(inherited)\n", expected: ["X": "<[(a)]>,<[(a)]>|<[(a)]>,<[(a)]>"]),
        Case(source: "self reference of a first assignment is empty", text: "A = [$(A)]\n", expected: ["A": "[]"]),
        Case(source: "self reference with an operator", text: "A = Hello\nA = $(A:upper)\n", expected: ["A": "HELLO"]),
        // MacroEvaluationTests.defaultReplacementOperator
        Case(source: "defaultReplacementOperator: undefined", text: "V = macos$(MACOSX_DEPLOYMENT_TARGET:default=10.15)\n", expected: ["V": "macos10.15"]),
        Case(source: "defaultReplacementOperator: empty", text: "V = macos$(MACOSX_DEPLOYMENT_TARGET:default=10.15)\nMACOSX_DEPLOYMENT_TARGET =\n", expected: ["V": "macos10.15", "MACOSX_DEPLOYMENT_TARGET": ""]),
        Case(source: "defaultReplacementOperator: set", text: "V = macos$(MACOSX_DEPLOYMENT_TARGET:default=10.15)\nMACOSX_DEPLOYMENT_TARGET = 11.0\n", expected: ["V": "macos11.0", "MACOSX_DEPLOYMENT_TARGET": "11.0"]),
        Case(source: "defaultReplacementOperator: nested default", text: "V = macos$(MACOSX_DEPLOYMENT_TARGET:default=$(DEFAULT_DEPLOYMENT_TARGET:default=10.10))\nMACOSX_DEPLOYMENT_TARGET =\n", expected: ["V": "macos10.10", "MACOSX_DEPLOYMENT_TARGET": ""]),
        Case(source: "defaultReplacementOperator: nested default set", text: "V = macos$(MACOSX_DEPLOYMENT_TARGET:default=$(DEFAULT_DEPLOYMENT_TARGET:default=10.10))\nDEFAULT_DEPLOYMENT_TARGET = 10.14\n", expected: ["V": "macos10.14", "DEFAULT_DEPLOYMENT_TARGET": "10.14"]),
        Case(source: "defaultReplacementOperator: name built with a default", text: "SETTING_YES = true\nSETTING_NO = false\nSETTING = $(SETTING_$(BOOLEAN:default=NO))\n", expected: ["SETTING_YES": "true", "SETTING_NO": "false", "SETTING": "false"]),
        Case(source: "defaultReplacementOperator: name built with a default, set", text: "SETTING_YES = true\nSETTING_NO = false\nSETTING = $(SETTING_$(BOOLEAN:default=NO))\nBOOLEAN = YES\n", expected: ["SETTING_YES": "true", "SETTING_NO": "false", "SETTING": "true", "BOOLEAN": "YES"]),
        // Operators apply in order.
        Case(source: "operators chain", text: "A = $(UNSET:default=Some File.txt:identifier:upper)\n", expected: ["A": "SOME_FILE_TXT"]),
        Case(source: "${...} takes operators too", text: "B = x\nA = ${B:upper}\n", expected: ["B": "x", "A": "X"]),
    ]

    @Test(arguments: referenceCases)
    func reference(_ c: Case) throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": c.text], environment: c.environment, conditions: Self.dev)
        #expect(outcome.diagnostics == [])
        #expect(outcome.values == c.expected)
    }

    /// MacroEvaluationTests.operators and .replacementOperators: `reference` of the setting's value gives `expected`.
    struct OperatorCase: CustomTestStringConvertible, Sendable {
        var value: String
        var reference: String
        var expected: String
        var testDescription: String { "\(reference) of '\(value)'" }
    }

    static let operatorCases: [OperatorCase] = [
        OperatorCase(value: "Some File.txt", reference: "$(V:identifier)", expected: "Some_File_txt"),
        OperatorCase(value: "Some File.txt", reference: "$(V:rfc1034identifier)", expected: "Some-File-txt"),
        OperatorCase(value: "1a-b_2", reference: "$(V:identifier)", expected: "_a_b_2"),
        OperatorCase(value: "1a-b_2", reference: "$(V:rfc1034identifier)", expected: "-a-b-2"),
        OperatorCase(value: "é1 x", reference: "$(V:identifier)", expected: "_1_x"),
        OperatorCase(value: "/tmp/Products/Anything.framework", reference: "$(V:dir)", expected: "/tmp/Products/"),
        OperatorCase(value: "This", reference: "$(V:dir)", expected: "./"),
        OperatorCase(value: "/tmp/Products/Anything.framework", reference: "$(V:file)", expected: "Anything.framework"),
        OperatorCase(value: "/tmp/Products/Anything.framework", reference: "$(V:base)", expected: "Anything"),
        OperatorCase(value: "/tmp/Products/Anything.framework", reference: "$(V:suffix)", expected: ".framework"),
        OperatorCase(value: "//foo/./bar/", reference: "$(V:standardizepath)", expected: "/foo/bar"),
        OperatorCase(value: "foo/../bar/./baz/", reference: "$(V:standardizepath)", expected: "foo/../bar/baz"),
        OperatorCase(value: "/a/b/../../../c/..", reference: "$(V:standardizepath)", expected: "/"),
        OperatorCase(value: "/../x/./y/", reference: "$(V:standardizepath)", expected: "/x/y"),
        OperatorCase(value: "./", reference: "$(V:standardizepath)", expected: ""),
        OperatorCase(value: "../a/..", reference: "$(V:standardizepath)", expected: "../a/.."),
        OperatorCase(value: "This", reference: "$(V:upper)", expected: "THIS"),
        OperatorCase(value: "This", reference: "$(V:lower)", expected: "this"),
        OperatorCase(value: #"foo bar " ' \"#, reference: "$(V:quote)", expected: #"foo\ bar\ \"\ \'\ \\"#),
        OperatorCase(value: "NO", reference: "$(V:not)", expected: "YES"),
        OperatorCase(value: "1.2.3.4", reference: "$(V:truncatedversion)", expected: "1.2.3"),
        OperatorCase(value: "1.2", reference: "$(V:truncatedversion)", expected: "1.2"),
        OperatorCase(value: "/tmp/dir/file.c", reference: "$(V:dir=ba ba ba)", expected: "ba ba ba/file.c"),
        OperatorCase(value: "/tmp/dir/file.c", reference: "$(V:file=ba ba ba)", expected: "/tmp/dir/ba ba ba"),
        OperatorCase(value: "/tmp/dir/file.c", reference: "$(V:base=ba ba ba)", expected: "/tmp/dir/ba ba ba.c"),
        OperatorCase(value: "/tmp/dir/file.c", reference: "$(V:suffix=$(REPLACEMENT_SUFFIX))", expected: "/tmp/dir/file.blabla"),
        OperatorCase(value: "/tmp/dir/file.c", reference: "$(V:suffix=.o)", expected: "/tmp/dir/file.o"),
        OperatorCase(value: "/tmp/dir/file.c", reference: "$(V:suffix=o)", expected: "/tmp/dir/file.o"),
    ]

    @Test(arguments: operatorCases)
    func `operator`(_ c: OperatorCase) throws {
        // Quoted, so that `//foo` is not a comment nor a trailing `\` a continuation.
        let written = c.value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        let text = "V = \"\(written)\"\nREPLACEMENT_SUFFIX = blabla\nR = \(c.reference)\n"
        let outcome = try EnvFileHarness().resolve(["Main.env": text])
        #expect(outcome.diagnostics == [])
        #expect(outcome.values["R"] == c.expected)
    }

    /// Xcode's own rule too (MacroEvaluationProgram, `enumerateListElementSubstrings`): an empty
    /// value has no element, so only `:default=` changes it.
    @Test func operatorsLeaveAnEmptyValueEmpty() throws {
        let text = "E =\nA = [$(E:quote)][$(E:dir)][$(E:not)][$(E:suffix=o)][$(E:default=d)]\n"
        let outcome = try EnvFileHarness().resolve(["Main.env": text])
        #expect(outcome.values["A"] == "[][][][][d]")
    }

    @Test func aCycleThroughAnotherKeyIsStillACycle() throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": "A = $(B)\nB = $(A)\n"])
        #expect(outcome.errorMessages == [.EnvFile.referenceCycle(cycle: "A -> B -> A")])
    }

    @Test func referencesNestedPastTheLimitAreOneError() throws {
        let depth = EnvFileLimits.maximumReferenceDepth + 1
        let text = "A = " + String(repeating: "$(A_", count: depth) + String(repeating: ")", count: depth) + "\n"
        let outcome = try EnvFileHarness().resolve(["Main.env": text])
        #expect(outcome.errorMessages == [.EnvFile.referencesNestTooDeep(limit: String(EnvFileLimits.maximumReferenceDepth))])
        #expect(outcome.errorPlaces == ["Main.env:1:\(5 + 4 * EnvFileLimits.maximumReferenceDepth)"])
    }

    @Test func selfReferencesAreWorkedOutOnceEachLikeInherited() throws {
        // 2^20 × "ab" through `D = $(D)$(D)`: the inherited path, once per level, not 2^21 evaluations.
        let text = "D = ab\n" + String(repeating: "D = $(D)$(D)\n", count: 20) + "E = $(D:upper)\n"
        let outcome = try EnvFileHarness().resolve(["Main.env": text])
        #expect(outcome.diagnostics == [])
        #expect(outcome.values["D"]?.utf8.count == 2 << 20)
        #expect(outcome.values["E"]?.utf8.count == 2 << 20)
    }

    @Test func operatorsOnALargeValueCountTowardTheExpansionLimit() throws {
        // 1 MiB, lowered 64 times: 64 MiB of work, past the 32 MiB all values may come to.
        let text = "V = " + String(repeating: "a", count: 1 << 20) + "\nA = $(V" + String(repeating: ":lower", count: 64) + ")\n"
        let outcome = try EnvFileHarness().resolve(["Main.env": text])
        #expect(outcome.errorMessages == [.EnvFile.valuesTooLarge(key: "A", limit: "32 MiB")])
        #expect(outcome.values["A"] == nil)
    }

    /// An unknown condition is a warning, as Xcode never matches it (before: an error, exit 3, and
    /// real xcconfig files from other tools did not load): once per name in a file, with the
    /// known condition it is likely a typo of; it has no value, so only `*` matches it.
    @Test func anUnknownConditionIsAWarningAndItsAssignmentNeverApplies() throws {
        let text = "A[enviroment=dev] = 1\nB = 2\nC = plain\nC[cpu=z80] = z80\nC[cpu=*] = any\nD[sub1=sub2][env=dev] = 4\nA[enviroment=*] = 5\n"
        let outcome = try EnvFileHarness().resolve(["Main.env": text], conditions: Self.dev)
        #expect(outcome.errors == [])
        #expect(outcome.values == ["A": "5", "B": "2", "C": "any"], "an unknown condition matches only '*', as sdk does")
        let known = SettingCondition.Parameter.names.joined(separator: ", ")
        #expect(outcome.warnings == [
            "Main.env:1:3: warning: \(Message.EnvFile.unknownConditionSuggestion(name: "enviroment", suggestion: "env"))",
            "Main.env:4:3: warning: \(Message.EnvFile.unknownCondition(name: "cpu", known: known))",
            "Main.env:6:3: warning: \(Message.EnvFile.unknownCondition(name: "sub1", known: known))",
        ], "once per name in a file")
        #expect(try EnvFileHarness().resolve(["Main.env": "A[sdkk=x] = 1\n"]).warnings.first?.hasSuffix("did you mean 'sdk'?") == true)
    }

    @Test func theWinningAssignmentKeepsItsConditions() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Main.env", "A = plain\nA[env=dev][arch=*] = dev\n")
        let loaded = EnvFileLoader().load(directory.path + "/Main.env")
        var resolver = SettingsResolver(assignments: loaded.assignments, overrides: [:], processEnvironment: [:], conditions: Self.dev)
        let setting = try #require(resolver.resolveAll().first)
        #expect(setting.value == "dev")
        #expect(setting.conditions.map(\.description) == ["[env=dev]", "[arch=*]"])
        #expect(setting.origin.description.hasSuffix("Main.env:2"))
    }
}
