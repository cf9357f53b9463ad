/// The environment could not be set up: every problem found, for exit code 3.
public struct ConfigurationError: Error, Sendable {
    public var diagnostics: [Diagnostic]
}
