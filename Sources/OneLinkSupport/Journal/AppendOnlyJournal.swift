import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A crash-safe, append-only file of records: `DIR/journal`.
///
/// The file is an 8-byte signature followed by records, each a 12-byte header (three little-endian
/// 32-bit numbers: the payload's length, the CRC-32 (``CRC32``) of those 4 length bytes, and the
/// CRC-32 of the length bytes and the payload) followed by the payload.
/// ``append(_:)`` writes a whole record with `write(2)` before it returns, so a record survives the
/// process being killed (`kill -9`) at any later point: the kernel holds it. Records are not
/// `fsync`'d unless ``syncsEachRecord`` says so, so a power loss or kernel crash may lose the newest
/// records; that is out of scope.
///
/// Opening reads every record back. A torn last record (one a kill cut short while it was being
/// written: a short header, a short payload, or a payload checksum mismatch where the file ends) is
/// reported in ``Opened/tornTail`` and truncated away. Any other damage is
/// ``JournalError/damagedRecord(path:offset:reason:)``, never dropped silently: a record before the
/// last with a bad checksum, or a header whose own checksum fails (its length cannot be trusted, so
/// the record is not taken for a short last one and what follows it is not cut). Safe to use from many
/// threads: appends are serialised behind a lock that runs no caller code.
package final class AppendOnlyJournal: Sendable {
    /// A journal just opened, with what it held.
    package struct Opened: Sendable {
        /// The journal, ready to append to.
        package var journal: AppendOnlyJournal
        /// Every complete record, oldest first.
        package var records: [Record]
        /// The torn last record that was truncated away, if there was one.
        package var tornTail: TornTail?
    }

    /// One record read back: its payload and the byte offset its header starts at.
    package struct Record: Sendable, Hashable {
        /// The byte offset of the record's header in the file.
        package var offset: Int
        /// The bytes appended.
        package var payload: [UInt8]
    }

    /// A torn last record found when opening, and truncated away.
    package struct TornTail: Sendable, Hashable, CustomStringConvertible {
        /// The byte offset it started at: the file's length after the truncation.
        package var offset: Int
        /// How many bytes were cut.
        package var length: Int
        /// What was wrong, such as `4 of its 12 header bytes`.
        package var reason: String

        /// Creates a report.
        package init(offset: Int, length: Int, reason: String) {
            self.offset = offset
            self.length = length
            self.reason = reason
        }

        /// A one-line report.
        package var description: String {
            "dropped a torn last record at byte offset \(offset) (\(length) bytes: \(reason)), "
                + "left by a process killed while writing it"
        }
    }

    /// The file name inside the state folder.
    package static let fileName = "journal"
    /// The most bytes one record's payload holds: 1 MiB.
    package static let maximumRecordBytes = 1 << 20
    /// The first bytes of every journal.
    package static let signature: [UInt8] = Array("OLJRNL1\n".utf8)
    /// The bytes before each payload: its length, the length's checksum and the record's checksum.
    package static let headerBytes = 12

    /// The journal file's path.
    package let path: String
    /// Whether each append is followed by `fsync(2)` (survives power loss, costs a disk flush).
    package let syncsEachRecord: Bool

    private struct State: Sendable {
        var descriptor: Int32
        /// The file's length: where the next record starts.
        var end: Int
    }

    private let state: Locked<State>

    private init(path: String, descriptor: Int32, end: Int, syncsEachRecord: Bool) {
        self.path = path
        self.syncsEachRecord = syncsEachRecord
        state = Locked(State(descriptor: descriptor, end: end))
    }

    deinit {
        state.withLock { state in
            if state.descriptor >= 0 { _ = systemClose(state.descriptor) }
        }
    }

    /// Opens `directory/journal`, making the folder and the file when missing, and reads its records.
    ///
    /// - Throws: ``JournalError``: the path is a file, the folder or file cannot be made or opened for
    ///   writing, the file is not a journal, or a record before the last is damaged.
    package static func open(directory: String, syncsEachRecord: Bool = false) throws(JournalError) -> Opened
    {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .notADirectory(path: directory) }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreateDirectory(path: directory, reason: "\(error.localizedDescription)")
            }
        }
        let path = (directory as NSString).appendingPathComponent(fileName)
        let descriptor = systemOpen(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: Self.reason(errno)) }
        do throws(JournalError) {
            let bytes = try Self.readAll(descriptor, path: path)
            let (records, end, tornTail) = try Self.parse(bytes, path: path)
            if end < bytes.count || bytes.isEmpty {
                guard ftruncate(descriptor, off_t(end)) == 0 else {
                    throw JournalError.cannotWrite(path: path, reason: Self.reason(errno))
                }
                if end == 0 { try Self.writeAll(descriptor, signature, path: path) }
            }
            let journal = AppendOnlyJournal(
                path: path, descriptor: descriptor, end: max(end, signature.count),
                syncsEachRecord: syncsEachRecord)
            return Opened(journal: journal, records: records, tornTail: tornTail)
        } catch {
            _ = systemClose(descriptor)
            throw error
        }
    }

    /// The records in `bytes` (a whole journal file), where the intact part ends, and the torn last
    /// record if any.
    package static func parse(
        _ bytes: [UInt8], path: String
    ) throws(JournalError) -> (records: [Record], end: Int, tornTail: TornTail?) {
        let size = bytes.count
        if size < signature.count {
            guard Array(signature.prefix(size)) == bytes else { throw .notAJournal(path: path) }
            let torn =
                size == 0
                ? nil : TornTail(offset: 0, length: size, reason: "\(size) of the 8 signature bytes")
            return ([], 0, torn)
        }
        guard Array(bytes[0..<signature.count]) == signature else { throw .notAJournal(path: path) }
        var records: [Record] = []
        var offset = signature.count
        while offset < size {
            let remaining = size - offset
            func torn(_ reason: String) -> TornTail {
                TornTail(offset: offset, length: remaining, reason: reason)
            }
            guard remaining >= headerBytes else {
                return (records, offset, torn("\(remaining) of its \(headerBytes) header bytes"))
            }
            let length = Int(Self.uint32(bytes, at: offset))
            guard Self.uint32(bytes, at: offset + 4) == CRC32.checksum(bytes[offset..<(offset + 4)]) else {
                throw .damagedRecord(
                    path: path, offset: offset, reason: "its header's checksum does not match")
            }
            let stored = Self.uint32(bytes, at: offset + 8)
            guard length <= maximumRecordBytes else {
                throw .damagedRecord(
                    path: path, offset: offset,
                    reason: "it declares \(length) bytes, over the \(maximumRecordBytes) a record holds")
            }
            guard remaining - headerBytes >= length else {
                return (records, offset, torn("\(remaining - headerBytes) of its \(length) payload bytes"))
            }
            let payloadStart = offset + headerBytes
            let payload = bytes[payloadStart..<(payloadStart + length)]
            let computed = CRC32.checksum(payload, continuing: CRC32.checksum(bytes[offset..<(offset + 4)]))
            guard computed == stored else {
                if payloadStart + length == size { return (records, offset, torn("a checksum mismatch")) }
                throw .damagedRecord(path: path, offset: offset, reason: "a checksum mismatch")
            }
            records.append(Record(offset: offset, payload: Array(payload)))
            offset = payloadStart + length
        }
        return (records, offset, nil)
    }

    /// The bytes ``append(_:)`` writes for `payload`: its header and the payload.
    package static func frame(_ payload: [UInt8]) -> [UInt8] {
        let count = UInt32(payload.count)
        let lengthBytes = [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: count >> $0) }
        let lengthCRC = CRC32.checksum(lengthBytes)
        let crc = CRC32.checksum(payload, continuing: lengthCRC)
        return lengthBytes
            + [lengthCRC, crc].flatMap { value in
                [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) }
            } + payload
    }

    /// Appends `payload` as one record, written to the file (and synced when ``syncsEachRecord``)
    /// before this returns.
    ///
    /// - Throws: ``JournalError/recordTooLarge(bytes:maximum:)``, or
    ///   ``JournalError/cannotWrite(path:reason:)`` when the write fails (the partial record is cut
    ///   off again, so the file stays a valid journal), or ``JournalError/closed(path:)``.
    package func append(_ payload: [UInt8]) throws(JournalError) {
        guard payload.count <= Self.maximumRecordBytes else {
            throw .recordTooLarge(bytes: payload.count, maximum: Self.maximumRecordBytes)
        }
        let frame = Self.frame(payload)
        let path = path
        let syncs = syncsEachRecord
        let failure: JournalError? = state.withLock { state in
            guard state.descriptor >= 0 else { return .closed(path: path) }
            do throws(JournalError) {
                try Self.writeAll(state.descriptor, frame, path: path)
                if syncs, fsync(state.descriptor) != 0 {
                    throw JournalError.cannotWrite(path: path, reason: Self.reason(errno))
                }
                state.end += frame.count
                return nil
            } catch {
                // Cut the partial record off, so a later record does not follow a damaged one; when
                // that fails too, stop appending rather than write after damage.
                if ftruncate(state.descriptor, off_t(state.end)) != 0 {
                    _ = systemClose(state.descriptor)
                    state.descriptor = -1
                }
                return error
            }
        }
        if let failure { throw failure }
    }

    /// The file's length in bytes.
    package var byteCount: Int { state.withLock { $0.end } }

    /// Closes the file; later appends throw ``JournalError/closed(path:)``.
    package func close() {
        state.withLock { state in
            if state.descriptor >= 0 { _ = systemClose(state.descriptor) }
            state.descriptor = -1
        }
    }

    private static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }

    private static func readAll(_ descriptor: Int32, path: String) throws(JournalError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: reason(errno))
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            offset += off_t(count)
        }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(JournalError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, UnsafeRawBufferPointer(rebasing: buffer[written...]))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotWrite(path: path, reason: reason(errno))
            }
            written += count
        }
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

// The type's own `open` and `close` hide the C functions of the same names.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Glibc)
        Glibc.open(path, flags, mode)
    #elseif canImport(Musl)
        Musl.open(path, flags, mode)
    #else
        Darwin.open(path, flags, mode)
    #endif
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.close(descriptor)
    #elseif canImport(Musl)
        Musl.close(descriptor)
    #else
        Darwin.close(descriptor)
    #endif
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, bytes.baseAddress, bytes.count)
    #elseif canImport(Musl)
        Musl.write(descriptor, bytes.baseAddress, bytes.count)
    #else
        Darwin.write(descriptor, bytes.baseAddress, bytes.count)
    #endif
}
