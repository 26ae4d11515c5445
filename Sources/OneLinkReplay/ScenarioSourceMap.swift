public import Foundation
import OneLinkEmulator
import OneLinkSupport

/// Where each value of a scenario file starts: the line number of every JSON path.
///
/// Reports that point into the file use it: a GitHub annotation names the line of
/// the failing step (`$.steps[3]`) or of the field an invalid scenario trips on.
/// Paths are spelled as ``ScenarioError/path`` spells them (`$.steps[3].url`,
/// `$["odd key"]`). Text that is not valid JSON maps what it could read before the
/// problem; nesting deeper than ``maximumDepth`` is not mapped.
public struct ScenarioSourceMap: Sendable, Hashable {
    /// How deep the map follows nested values.
    public static let maximumDepth = 64

    /// The 1-based line each mapped path's value starts on.
    public private(set) var lines: [String: Int] = [:]

    /// Maps a JSON text.
    public init(json: some Collection<UInt8>) {
        var scanner = Scanner(bytes: Array(json))
        scanner.value(path: "$", depth: 0)
        lines = scanner.lines
    }

    /// Reads and maps a file; an unreadable file gives an empty map.
    public init(contentsOf url: URL) {
        self.init(json: (try? RegularFile.contents(of: url.path)) ?? Data())
    }

    /// The line `path` starts on, or the line of its nearest mapped ancestor, or `nil`.
    public func line(of path: String) -> Int? {
        var current = Substring(path)
        while !current.isEmpty {
            if let line = lines[String(current)] { return line }
            guard let cut = current.lastIndex(where: { $0 == "." || $0 == "[" }) else { return nil }
            current = current[..<cut]
        }
        return nil
    }

    /// The line step `index` (`$.steps[index]`) starts on.
    public func line(ofStep index: Int) -> Int? {
        lines["$.steps[\(index)]"]
    }

    private struct Scanner {
        let bytes: [UInt8]
        var offset = 0
        var line = 1
        var lines: [String: Int] = [:]
        var failed = false

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while offset < bytes.count {
                switch bytes[offset] {
                case UInt8(ascii: "\n"): line += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
                default: return
                }
                offset += 1
            }
        }

        mutating func expect(_ byte: UInt8) -> Bool {
            skipSpace()
            guard offset < bytes.count, bytes[offset] == byte else {
                failed = true
                return false
            }
            offset += 1
            return true
        }

        mutating func value(path: String, depth: Int) {
            skipSpace()
            guard !failed, offset < bytes.count else {
                failed = true
                return
            }
            if depth <= ScenarioSourceMap.maximumDepth, lines[path] == nil { lines[path] = line }
            switch bytes[offset] {
            case UInt8(ascii: "{"):
                offset += 1
                skipSpace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                    offset += 1
                    return
                }
                while !failed {
                    skipSpace()
                    guard let key = string() else {
                        failed = true
                        return
                    }
                    guard expect(UInt8(ascii: ":")) else { return }
                    value(path: path + ScenarioReader.pathComponent(key), depth: depth + 1)
                    skipSpace()
                    guard offset < bytes.count else {
                        failed = true
                        return
                    }
                    offset += 1
                    if bytes[offset - 1] == UInt8(ascii: "}") { return }
                    if bytes[offset - 1] != UInt8(ascii: ",") { failed = true }
                }
            case UInt8(ascii: "["):
                offset += 1
                skipSpace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                    offset += 1
                    return
                }
                var index = 0
                while !failed {
                    value(path: path + "[\(index)]", depth: depth + 1)
                    index += 1
                    skipSpace()
                    guard offset < bytes.count else {
                        failed = true
                        return
                    }
                    offset += 1
                    if bytes[offset - 1] == UInt8(ascii: "]") { return }
                    if bytes[offset - 1] != UInt8(ascii: ",") { failed = true }
                }
            case UInt8(ascii: "\""):
                if string() == nil { failed = true }
            default:
                // A number, true, false or null: everything up to the next delimiter.
                while offset < bytes.count {
                    switch bytes[offset] {
                    case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "),
                        UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                        return
                    default: offset += 1
                    }
                }
            }
        }

        /// A string token at `offset`, decoded; `nil` when there is none or it does not end.
        mutating func string() -> String? {
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return nil }
            let start = offset
            offset += 1
            var escaped = false
            while offset < bytes.count {
                let byte = bytes[offset]
                offset += 1
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    guard case .string(let text)? = try? AttributionValue(json: bytes[start..<offset]) else {
                        return nil
                    }
                    return text
                } else if byte == UInt8(ascii: "\n") {
                    line += 1
                }
            }
            return nil
        }
    }
}
