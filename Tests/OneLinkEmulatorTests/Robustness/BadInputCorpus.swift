import Foundation
import OneLinkEmulator
import Testing

/// The hostile inputs of `Payloads/bad-input/*.json`, one case per entry.
enum BadInputCorpus {
    /// One entry of a corpus file: its name and its raw JSON fields.
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var name: String
        var fields: [String: AttributionValue]

        var testDescription: String { "\(file): \(name)" }

        subscript(key: String) -> AttributionValue? { fields[key] }

        /// A string field, or its text built from parts (see `text(from:)`).
        func text(_ key: String) throws -> String {
            guard let value = fields[key] else {
                throw Fixtures.FixtureError(description: "\(testDescription) has no \"\(key)\"")
            }
            return try BadInputCorpus.text(from: value, in: testDescription)
        }
    }

    static let folder = Fixtures.payloadsFolder.appendingPathComponent("bad-input")

    /// The document of one corpus file.
    static func document(_ file: String) throws -> [String: AttributionValue] {
        let data = try Data(contentsOf: folder.appendingPathComponent(file))
        guard case .object(let document) = try AttributionValue(json: data) else {
            throw Fixtures.FixtureError(description: "\(file) is not a JSON object")
        }
        return document
    }

    /// The cases of one corpus file; empty when the file cannot be read, which `corpusLoads` reports.
    static func cases(_ file: String) -> [Case] {
        guard let document = try? document(file), case .array(let entries)? = document["cases"] else {
            return []
        }
        return entries.enumerated().map { index, entry in
            let fields = entry.objectValue ?? [:]
            return Case(file: file, name: fields["name"]?.stringValue ?? "case \(index)", fields: fields)
        }
    }

    /// A string, or an array whose parts are strings or `{"repeat": s, "count": n}` objects.
    static func text(from value: AttributionValue, in context: String) throws -> String {
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
                    throw Fixtures.FixtureError(description: "\(context): bad text part \(part)")
                }
            }
            return text
        default:
            throw Fixtures.FixtureError(description: "\(context): \(value.typeName) is not text")
        }
    }

    /// Bytes written as hexadecimal digit pairs.
    static func bytes(hex: String) throws -> [UInt8] {
        let digits = Array(hex.utf8)
        guard digits.count.isMultiple(of: 2) else {
            throw Fixtures.FixtureError(description: "odd hex \(hex)")
        }
        return try stride(from: 0, to: digits.count, by: 2).map { index in
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16)
            else { throw Fixtures.FixtureError(description: "bad hex \(hex)") }
            return byte
        }
    }
}
