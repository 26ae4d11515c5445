import Foundation
import OneLinkSupport
import Testing

/// The crash-safe journal behind `serve --state`: records round-trip, a torn last record (cut at any
/// byte) is reported and truncated away, and damage before the last record is an error with its
/// offset.
@Suite("Support: append-only journal", .timeLimit(.minutes(2)))
struct AppendOnlyJournalTests {
    /// A fresh temporary folder, removed after `body`.
    static func withFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("journal-tests-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    static func file(_ folder: String) -> String { folder + "/" + AppendOnlyJournal.fileName }

    static let payloads: [[UInt8]] = [
        Array("first".utf8), [], Array(repeating: 0xFF, count: 300), Array("{\"last\":true}".utf8),
    ]

    @Test("CRC-32 matches the standard check value and continues across chunks")
    func crc() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(
            CRC32.checksum(Array("6789".utf8), continuing: CRC32.checksum(Array("12345".utf8))) == 0xCBF4_3926
        )
        #expect(CRC32.checksum([UInt8]()) == 0)
    }

    @Test("records appended come back in order after reopening, and a new folder is made")
    func roundTrip() throws {
        try Self.withFolder { folder in
            let nested = folder + "/a/b"
            let first = try AppendOnlyJournal.open(directory: nested)
            #expect(first.records.isEmpty)
            #expect(first.tornTail == nil)
            for payload in Self.payloads { try first.journal.append(payload) }
            first.journal.close()
            #expect(throws: JournalError.closed(path: Self.file(nested))) { try first.journal.append([1]) }

            let second = try AppendOnlyJournal.open(directory: nested)
            #expect(second.records.map(\.payload) == Self.payloads)
            #expect(second.tornTail == nil)
            #expect(second.records.first?.offset == AppendOnlyJournal.signature.count)
            try second.journal.append(Array("after".utf8))
            second.journal.close()
            let third = try AppendOnlyJournal.open(directory: nested)
            #expect(third.records.map(\.payload) == Self.payloads + [Array("after".utf8)])
        }
    }

    @Test("a last record cut at every byte is reported with its offset and truncated; appends then follow")
    func tornTailAtEveryOffset() throws {
        let lastFrame = AppendOnlyJournal.frame(Self.payloads[3])
        for cut in 1..<lastFrame.count {
            try Self.withFolder { folder in
                let opened = try AppendOnlyJournal.open(directory: folder)
                for payload in Self.payloads { try opened.journal.append(payload) }
                let full = opened.journal.byteCount
                opened.journal.close()
                let lastStart = full - lastFrame.count
                #expect(truncate(Self.file(folder), off_t(lastStart + cut)) == 0)

                let reopened = try AppendOnlyJournal.open(directory: folder)
                #expect(reopened.records.map(\.payload) == Array(Self.payloads.dropLast()), "cut at \(cut)")
                let torn = try #require(reopened.tornTail, "cut at \(cut)")
                #expect(torn.offset == lastStart)
                #expect(torn.length == cut)
                #expect(torn.description.contains("byte offset \(lastStart)"))
                #expect(reopened.journal.byteCount == lastStart)
                try reopened.journal.append(Array("next".utf8))
                reopened.journal.close()
                let again = try AppendOnlyJournal.open(directory: folder)
                #expect(again.tornTail == nil)
                #expect(
                    again.records.map(\.payload) == Array(Self.payloads.dropLast()) + [Array("next".utf8)])
            }
        }
    }

    @Test("a last record with a flipped byte (a bad checksum where the file ends) is torn, not an error")
    func badChecksumAtEnd() throws {
        try Self.withFolder { folder in
            let opened = try AppendOnlyJournal.open(directory: folder)
            for payload in Self.payloads { try opened.journal.append(payload) }
            let size = opened.journal.byteCount
            opened.journal.close()
            try Self.flip(byte: size - 1, in: Self.file(folder))
            let reopened = try AppendOnlyJournal.open(directory: folder)
            #expect(reopened.records.count == Self.payloads.count - 1)
            #expect(reopened.tornTail?.reason == "a checksum mismatch")
        }
    }

    @Test("a damaged record before the last, or any damaged header, is an error naming the file and offset")
    func damagedMiddle() throws {
        try Self.withFolder { folder in
            let opened = try AppendOnlyJournal.open(directory: folder)
            for payload in Self.payloads { try opened.journal.append(payload) }
            opened.journal.close()
            let pristine = try Data(contentsOf: URL(fileURLWithPath: Self.file(folder)))
            let secondStart =
                AppendOnlyJournal.signature.count + AppendOnlyJournal.frame(Self.payloads[0]).count
            let secondLength = AppendOnlyJournal.frame(Self.payloads[1]).count
            let thirdStart = secondStart + secondLength
            let thirdLength = AppendOnlyJournal.frame(Self.payloads[2]).count
            let lastStart = thirdStart + thirdLength
            // Every byte of the second (empty) and the third record, and the last record's length and its checksum.
            for byte in secondStart..<(lastStart + 8) {
                try pristine.write(to: URL(fileURLWithPath: Self.file(folder)))
                try Self.flip(byte: byte, in: Self.file(folder))
                let start = byte < thirdStart ? secondStart : byte < lastStart ? thirdStart : lastStart
                do throws(JournalError) {
                    _ = try AppendOnlyJournal.open(directory: folder)
                    Issue.record("byte \(byte): no error")
                } catch {
                    guard case .damagedRecord(let path, let offset, _) = error else {
                        Issue.record("byte \(byte): \(error)")
                        continue
                    }
                    #expect(path == Self.file(folder))
                    #expect(offset == start, "byte \(byte)")
                    #expect(error.description.contains("byte offset \(start)"))
                }
            }
        }
    }

    @Test("a file that is not a journal, a path that is a file, and an oversized record are refused")
    func refusals() throws {
        try Self.withFolder { folder in
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data("hello, world\n".utf8).write(to: URL(fileURLWithPath: Self.file(folder)))
            #expect(throws: JournalError.notAJournal(path: Self.file(folder))) {
                try AppendOnlyJournal.open(directory: folder)
            }
            #expect(throws: JournalError.notADirectory(path: Self.file(folder))) {
                try AppendOnlyJournal.open(directory: Self.file(folder))
            }
            try FileManager.default.removeItem(atPath: Self.file(folder))
            let opened = try AppendOnlyJournal.open(directory: folder)
            let limit = AppendOnlyJournal.maximumRecordBytes
            #expect(throws: JournalError.recordTooLarge(bytes: limit + 1, maximum: limit)) {
                try opened.journal.append([UInt8](repeating: 0, count: limit + 1))
            }
            // A length no writer writes, in a complete header, is damage even at the end.
            opened.journal.close()
            let handle = try #require(FileHandle(forWritingAtPath: Self.file(folder)))
            handle.seekToEndOfFile()
            let length: [UInt8] = [0xFF, 0xFF, 0xFF, 0x7F]
            let lengthCRC = CRC32.checksum(length)
            handle.write(
                Data(
                    length + [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: lengthCRC >> $0) } + [0, 0, 0, 0])
            )
            try handle.close()
            #expect(throws: JournalError.self) { try AppendOnlyJournal.open(directory: folder) }
        }
    }

    @Test("a torn signature (a kill right after creating the file) is cut and the journal starts empty")
    func tornSignature() throws {
        try Self.withFolder { folder in
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(AppendOnlyJournal.signature.prefix(3)).write(to: URL(fileURLWithPath: Self.file(folder)))
            let opened = try AppendOnlyJournal.open(directory: folder)
            #expect(
                opened.tornTail
                    == AppendOnlyJournal.TornTail(offset: 0, length: 3, reason: "3 of the 8 signature bytes"))
            try opened.journal.append([7])
            opened.journal.close()
            #expect(try AppendOnlyJournal.open(directory: folder).records.map(\.payload) == [[7]])
        }
    }

    @Test("error messages are one bounded line, however long the path")
    func boundedMessages() {
        let long = "/" + String(repeating: "d", count: 5000)
        let errors: [JournalError] = [
            .notADirectory(path: long), .cannotOpen(path: long, reason: long), .notAJournal(path: long),
            .damagedRecord(path: long, offset: 123_456, reason: "a checksum mismatch"),
            .cannotWrite(path: long, reason: long), .closed(path: long),
        ]
        for error in errors {
            #expect(error.description.count < 800, "\(error.description.prefix(80))")
            #expect(!error.description.contains("\n"))
        }
        #expect(
            JournalError.damagedRecord(path: long, offset: 123_456, reason: "x").description.contains(
                "123456"))
    }

    static func flip(byte offset: Int, in path: String) throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[offset] ^= 0x5A
        try bytes.write(to: URL(fileURLWithPath: path))
    }
}
