/// The environment could not be set up: every problem found, for exit code 3.
package struct ConfigurationError: Error, Sendable {
    package var diagnostics: [Diagnostic]
}
