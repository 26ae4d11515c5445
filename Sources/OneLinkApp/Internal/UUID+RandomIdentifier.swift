public import Foundation
import OneLinkEmulator
import OneLinkSupport

extension UUID {
    /// A random (version 4) UUID's string, as `UUID().uuidString` writes it, for emulated identifiers.
    ///
    /// Foundation's `UUID()` on Linux opens and reads `/dev/urandom` for each
    /// one, and `uuidString` formats with `snprintf`; the wiring check makes a
    /// scene session per path. ``IdentifierRandomNumberGenerator`` draws
    /// without a system call.
    @usableFromInline static func randomIdentifierString() -> String {
        IdentifierRandomNumberGenerator.uuidString()
    }
}
