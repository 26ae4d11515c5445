import Foundation
import Testing

@testable import OneLinkSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The support module's bounds: histories that keep the newest, quotes of untrusted input that
/// stay short, and files that are read only when they are regular files.
@Suite(.timeLimit(.minutes(5))) struct BoundsTests {
    @Test("BoundedHistory keeps the newest elements, counts the dropped ones, and keeps none at 0")
    func boundedHistory() {
        var history = BoundedHistory<Int>(limit: 3)
        for value in 0...999 { history.append(value) }
        #expect(history.elements == [997, 998, 999])
        #expect(history.droppedCount == 997)
        history.limit = 1
        #expect(history.elements == [999])
        history.limit = 0
        history.append(5)
        #expect(history.isEmpty)
    }

    @Test("BoundedHistory.elements(from:) reads from a position of elements, after drops too")
    func elementsFrom() {
        var history = BoundedHistory<Int>(limit: 4)
        for value in 0..<3 { history.append(value) }
        #expect(history.elements(from: 0) == [0, 1, 2])
        #expect(history.elements(from: 2) == [2])
        #expect(history.elements(from: 3).isEmpty)
        #expect(history.elements(from: 9).isEmpty)
        #expect(history.elements(from: -1) == [0, 1, 2], "a negative position reads from the start")
        for value in 3..<10 { history.append(value) }
        #expect(history.elements == [6, 7, 8, 9])
        #expect(
            history.elements(from: 1) == [7, 8, 9], "positions count the kept elements, not the dropped ones")
    }

    @Test("BoundedHistory.count(from:where:) counts as elements(from:) then filter would, after drops too")
    func countFrom() {
        var history = BoundedHistory<Int>(limit: 4)
        for value in 0..<10 { history.append(value) }
        for start in -1...5 {
            let expected = history.elements(from: start).filter { $0.isMultiple(of: 2) }.count
            #expect(history.count(from: start, where: { $0.isMultiple(of: 2) }) == expected, "from \(start)")
        }
        #expect(history.count(from: 0, where: { _ in true }) == 4)
    }

    @Test("QuotedInput keeps short text and cuts long text, saying how many bytes were left out")
    func quotedInput() {
        #expect(QuotedInput.prefix("short") == "short")
        let long = String(repeating: "9", count: 1 << 20)
        let quoted = QuotedInput.prefix(long)
        #expect(quoted == String(repeating: "9", count: 64) + "… (\((1 << 20) - 64) more bytes)")
    }

    @Test("RegularFile names a folder, a device, a FIFO, a symbolic-link loop and a missing file")
    func unreadableFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "regular-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let loop = folder.appendingPathComponent("loop.json").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        let cases: [(String, String)] = [
            (folder.path, "is a folder, not a file"),
            ("/dev/null", "is a character device, not a regular file"),
            ("/dev/zero", "is a character device, not a regular file"),
            (fifo, "is a FIFO (named pipe), not a regular file"),
            (loop, "is a symbolic-link loop (too many levels of symbolic links)"),
            (folder.appendingPathComponent("missing.json").path, "does not exist"),
        ]
        for (path, expected) in cases {
            #expect(throws: RegularFile.Problem(description: expected)) { try RegularFile.contents(of: path) }
        }
        let file = folder.appendingPathComponent("ok.json")
        try Data("{}".utf8).write(to: file)
        #expect(try RegularFile.contents(of: file.path) == Data("{}".utf8))
        #expect(throws: RegularFile.Problem(description: "is 2 bytes, more than the limit of 1 bytes")) {
            try RegularFile.contents(of: file.path, limit: 1)
        }
    }
}
