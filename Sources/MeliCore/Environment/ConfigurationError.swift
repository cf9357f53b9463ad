/// The environment could not be set up: every problem found, for exit code 3.
package struct ConfigurationError: Error, Sendable {
    package var diagnostics: [Diagnostic]
    /// Every secret the files and the process environment hold, known or not yet valid (the text
    /// of a line assigning a secret, a resolved secret value, the user information of a base URL):
    /// the diagnostics quote lines and values, and are masked with these before they are printed.
    package var secrets: [String] = []
}
