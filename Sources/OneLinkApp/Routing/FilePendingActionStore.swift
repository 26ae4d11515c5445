public import Foundation
public import OneLinkEmulator
import OneLinkSupport

/// A pending-action store that keeps the list in one JSON file, written atomically.
///
/// The file is `{"version": 1, "actions": [...]}` with each action as
/// ``PendingAction/attributionValue``. A save writes a temporary file, syncs
/// it and renames it over the target (as ``FileDeviceStore`` does), so a
/// crash leaves the old or the new list.
public final class FilePendingActionStore: PendingActionStore, Sendable {
    /// The file that holds the list.
    public let url: URL
    private let lock = Locked(())

    /// Creates a store for `url`; the parent folder is created on the first save.
    public init(url: URL) {
        self.url = url
    }

    /// Reads the file; `[]` when it does not exist.
    ///
    /// - Throws: ``StorageError/corrupt(location:reason:)`` or ``StorageError/io(location:reason:)``.
    public func load() throws(StorageError) -> [PendingAction] {
        let result: Result<[PendingAction], StorageError> = lock.withLock { _ in
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                if !FileManager.default.fileExists(atPath: url.path) { return .success([]) }
                return .failure(.io(location: url.path, reason: "\(error)"))
            }
            do {
                return .success(try Self.decode(AttributionValue(json: data), location: url.path))
            } catch let error as StorageError {
                return .failure(error)
            } catch {
                return .failure(.corrupt(location: url.path, reason: "\(error)"))
            }
        }
        return try result.get()
    }

    /// Writes the list to a temporary file, syncs it, and renames it over the target.
    ///
    /// - Throws: ``StorageError/io(location:reason:)``.
    public func save(_ actions: [PendingAction]) throws(StorageError) {
        let value: AttributionValue = ["version": 1, "actions": .array(actions.map(\.attributionValue))]
        let bytes = Array(value.jsonText(pretty: true).utf8)
        let result: Result<Void, StorageError> = lock.withLock { _ in
            FileDeviceStore.atomicWrite(bytes, to: url)
        }
        try result.get()
    }

    private static func decode(
        _ value: AttributionValue, location: String
    ) throws(StorageError) -> [PendingAction] {
        guard case .object(let object) = value else {
            throw .corrupt(location: location, reason: "top level is \(value.typeName), not object")
        }
        guard object["version"] == 1 else {
            throw .corrupt(location: location, reason: "unsupported version \(object["version"] ?? .null)")
        }
        guard case .array(let elements)? = object["actions"] else {
            throw .corrupt(location: location, reason: "actions missing or not an array")
        }
        var actions: [PendingAction] = []
        for element in elements {
            actions.append(try PendingAction(attributionValue: element, location: location))
        }
        return actions
    }
}

extension PendingActionStore where Self == FilePendingActionStore {
    /// A store that keeps the list in a JSON file at `url`.
    public static func file(_ url: URL) -> FilePendingActionStore {
        FilePendingActionStore(url: url)
    }
}
