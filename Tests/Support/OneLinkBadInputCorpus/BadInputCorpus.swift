public import Foundation
public import OneLinkEmulator
public import Testing

/// The hostile inputs of `Payloads/bad-input/*.json`, one case per entry.
public enum BadInputCorpus {
    /// One entry of a corpus file: its name and its raw JSON fields.
    public struct Case: Sendable, CustomTestStringConvertible {
        /// The corpus file.
        public var file: String
        /// The entry's name.
        public var name: String
        /// The entry's fields.
        public var fields: [String: AttributionValue]

        /// "file: name".
        public var testDescription: String { "\(file): \(name)" }

        /// The field `key`.
        public subscript(key: String) -> AttributionValue? { fields[key] }

        /// A string field, or its text built from parts (see `text(from:)`).
        public func text(_ key: String) throws -> String {
            guard let value = fields[key] else {
                throw Problem(description: "\(testDescription) has no \"\(key)\"")
            }
            return try BadInputCorpus.text(from: value, in: testDescription)
        }
    }

    /// A corpus file that is missing, not JSON, or not of the corpus's shape.
    public struct Problem: Error, CustomStringConvertible {
        /// What is wrong.
        public var description: String
    }

    /// `Payloads/bad-input`, found from this file's location.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Payloads/bad-input")

    /// The document of one corpus file.
    public static func document(_ file: String) throws -> [String: AttributionValue] {
        let data = try Data(contentsOf: folder.appendingPathComponent(file))
        guard case .object(let document) = try AttributionValue(json: data) else {
            throw Problem(description: "\(file) is not a JSON object")
        }
        return document
    }

    /// The cases of one corpus file; empty when the file cannot be read, which `corpusLoads` reports.
    public static func cases(_ file: String) -> [Case] {
        guard let document = try? document(file), case .array(let entries)? = document["cases"] else {
            return []
        }
        return entries.enumerated().map { index, entry in
            let fields = entry.objectValue ?? [:]
            return Case(file: file, name: fields["name"]?.stringValue ?? "case \(index)", fields: fields)
        }
    }

    /// A string, or an array whose parts are strings or `{"repeat": s, "count": n}` objects.
    public static func text(from value: AttributionValue, in context: String) throws -> String {
        switch value {
        case .string(let text):
            return text
        case .array(let parts):
            var text = ""
            for part in parts {
                if let string = part.stringValue {
                    text += string
                } else if let unit = part["repeat"]?.stringValue, let count = part["count"]?.intValue {
                    text += String(repeating: unit, count: count)
                } else {
                    throw Problem(description: "\(context): bad text part \(part)")
                }
            }
            return text
        default:
            throw Problem(description: "\(context): \(value.typeName) is not text")
        }
    }

    /// Bytes written as hexadecimal digit pairs.
    public static func bytes(hex: String) throws -> [UInt8] {
        let digits = Array(hex.utf8)
        guard digits.count.isMultiple(of: 2) else {
            throw Problem(description: "odd hex \(hex)")
        }
        return try stride(from: 0, to: digits.count, by: 2).map { index in
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16)
            else { throw Problem(description: "bad hex \(hex)") }
            return byte
        }
    }
}
