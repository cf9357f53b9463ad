@testable import MeliCore

/// The rows of Config/environments the tests run as. The library names no environment; tests do.
extension EnvironmentName {
    static var dev: EnvironmentName { compiledRow("dev") }
    static var qa: EnvironmentName { compiledRow("qa") }
    static var production: EnvironmentName { compiledRow("production") }

    /// A row this test binary was built with; a table without it fails the build of the tests' premise.
    private static func compiledRow(_ name: String) -> EnvironmentName {
        guard let row = EnvironmentTable.compiled.row(named: name) else {
            fatalError("Config/environments has no '\(name)' row, which the tests run as")
        }
        return row
    }
}
