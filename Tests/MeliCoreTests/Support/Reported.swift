@testable import MeliCore

/// What the error reporter prints for an error, in English on a plain standard error (after
/// `binary: `): tests built on the binary check that the error they expect is the one reported,
/// without writing its words out again.
enum Reported {
    static func words(_ failure: CommandFailure) -> String {
        "error: " + failure.text.english + "\n" + (failure.hint.map { $0.english + "\n" } ?? "")
    }
}
