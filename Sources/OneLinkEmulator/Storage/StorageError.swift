/// A failure of a device store.
public enum StorageError: Error, Sendable, Hashable {
    /// The stored state exists but cannot be read back; the SDK treats the install as fresh.
    case corrupt(location: String, reason: String)
    /// Reading or writing failed at the operating-system level.
    case io(location: String, reason: String)
}

extension StorageError: CustomStringConvertible {
    /// A one-line explanation naming the store location.
    public var description: String {
        switch self {
        case .corrupt(let location, let reason): return "corrupt device state at \(location): \(reason)"
        case .io(let location, let reason): return "device state I/O failed at \(location): \(reason)"
        }
    }
}
