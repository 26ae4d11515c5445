public import Foundation
import OneLinkSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A device store that keeps state in one JSON file, written atomically.
///
/// A save writes a temporary file beside the target, flushes it to disk with
/// `fsync`, then renames it over the target, so a crash at any point leaves
/// either the old or the new file. The temporary file a killed writer leaves
/// behind is removed by the next process that saves to the same path. A file
/// that exists but does not parse loads as ``StorageError/corrupt(location:reason:)``.
public final class FileDeviceStore: DeviceStore, Sendable {
    /// The file that holds the state.
    public let url: URL
    private let lock = Locked(())

    /// Creates a store for `url`; the parent folder is created on the first save.
    public init(url: URL) {
        self.url = url
    }

    /// Reads the file; `nil` when it does not exist.
    ///
    /// - Throws: ``StorageError/corrupt(location:reason:)`` or ``StorageError/io(location:reason:)``.
    public func load() throws(StorageError) -> DeviceState? {
        let result: Result<DeviceState?, StorageError> = lock.withLock { _ in
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                if !FileManager.default.fileExists(atPath: url.path) { return .success(nil) }
                return .failure(.io(location: url.path, reason: "\(error)"))
            }
            do {
                let value = try AttributionValue(json: data)
                return .success(try DeviceState(attributionValue: value, location: url.path))
            } catch let error as StorageError {
                return .failure(error)
            } catch {
                return .failure(.corrupt(location: url.path, reason: "\(error)"))
            }
        }
        return try result.get()
    }

    /// Writes the state to a temporary file, syncs it, and renames it over the target.
    ///
    /// - Throws: ``StorageError/io(location:reason:)``.
    public func save(_ state: DeviceState) throws(StorageError) {
        let bytes = Array(state.attributionValue.jsonText(pretty: true).utf8)
        let result: Result<Void, StorageError> = lock.withLock { _ in
            Self.atomicWrite(bytes, to: url)
        }
        try result.get()
    }

    /// Deletes the file; succeeds when it is already gone.
    ///
    /// - Throws: ``StorageError/io(location:reason:)``.
    public func erase() throws(StorageError) {
        let result: Result<Void, StorageError> = lock.withLock { _ in
            if unlink(url.path) != 0 && errno != ENOENT {
                return .failure(.io(location: url.path, reason: String(cString: strerror(errno))))
            }
            return .success(())
        }
        try result.get()
    }

    package static func atomicWrite(_ bytes: [UInt8], to url: URL) -> Result<Void, StorageError> {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            return .failure(.io(location: directory.path, reason: "\(error)"))
        }
        removeStaleTemporaries(of: url)
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        func failure(_ step: String) -> Result<Void, StorageError> {
            let reason = "\(step): \(String(cString: strerror(errno)))"
            unlink(temporary.path)
            return .failure(.io(location: url.path, reason: reason))
        }
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return failure("open") }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                close(descriptor)
                return failure("write")
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            close(descriptor)
            return failure("fsync")
        }
        close(descriptor)
        guard rename(temporary.path, url.path) == 0 else { return failure("rename") }
        let directoryDescriptor = open(directory.path, O_RDONLY)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
        return .success(())
    }
}

/// Paths whose stale temporary files this process has already removed.
private let cleanedPaths = Locked<Set<String>>([])

/// Removes temporary files that a killed writer left beside `url`, once per path and process.
///
/// A temporary file is named `.<name>.<pid>.<random>.tmp`; a process killed between
/// creating and renaming it leaves it behind. Files of processes that still run are
/// kept, because they may be in the middle of a save.
private func removeStaleTemporaries(of url: URL) {
    let firstTime = cleanedPaths.withLock { $0.insert(url.path).inserted }
    guard firstTime else { return }
    let directory = url.deletingLastPathComponent()
    let prefix = ".\(url.lastPathComponent)."
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
        let parts = name.dropFirst(prefix.count).dropLast(4).split(separator: ".")
        guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0 else { continue }
        if pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH {
            unlink(directory.appendingPathComponent(name).path)
        }
    }
}

extension DeviceStore where Self == FileDeviceStore {
    /// A store that keeps state in a JSON file at `url`.
    public static func file(_ url: URL) -> FileDeviceStore {
        FileDeviceStore(url: url)
    }
}
