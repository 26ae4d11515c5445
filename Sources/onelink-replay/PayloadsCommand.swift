import Foundation
import OneLinkEmulator
import OneLinkSupport

/// `onelink-replay payloads [folder]`: validates sample payload files and pretty-prints each one.
enum PayloadsCommand: Command {
    static let name = "onelink-replay payloads"

    static let arguments = ArgumentReader(maximumPositionals: 1)

    static let usage = """
        USAGE: onelink-replay payloads [folder]

        Validates every *.json sample in the folder (default: Payloads/samples, relative
        to the current directory) and pretty-prints each payload with its name.

        A sample is a JSON object with the fields "name", "description", "callback"
        ("onAppOpenAttribution" or "onConversionDataSuccess"), "kind", "payload" (an
        object) and, optionally, "link". When a sample has a link, the link is parsed
        again and must reproduce the payload key for key and type for type. A short
        link is first resolved through shortlinks.json, looked up in the folder and
        then in its parent folder.

        OPTIONS:
          -h, --help   Show this help.

        EXIT STATUS:
          0  every sample is valid
          1  a sample's link does not reproduce its payload
          2  usage error, or a file that is not a valid sample
        """

    static let defaultFolder = "Payloads/samples"
    static let shortLinksFile = "shortlinks.json"
    static let callbacks = ["onAppOpenAttribution", "onConversionDataSuccess"]
    static let fields = ["name", "description", "callback", "link", "kind", "payload"]

    /// A problem that makes a file unusable: the file, the JSON path and what is wrong.
    struct Invalid: Error {
        var file: String
        var path: String
        var message: String

        var line: String { "\(file): \(path): \(message)" }
    }

    /// One sample file that passed the structural checks.
    struct Sample {
        var file: String
        var name: String
        var callback: String
        var kind: String
        var link: String?
        var payload: AttributionPayload
    }

    /// The parameters stored for one short link in `shortlinks.json`, keyed by `template/shortID`.
    typealias ShortLinks = [String: AttributionPayload]

    /// Checks the samples in the folder given, or in ``defaultFolder``.
    ///
    /// - Returns: 0 every sample valid, 1 a mismatched sample, 2 an invalid one.
    static func run(_ arguments: ParsedArguments, output: CommandOutput) async throws(UsageError) -> Int32 {
        try run(folder: arguments.positionals.first ?? defaultFolder, output: output)
    }

    static func run(folder: String, output: CommandOutput) throws(UsageError) -> Int32 {
        let directory = URL(fileURLWithPath: folder)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { throw UsageError("\(folder) is not a folder") }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".json") && $0 != shortLinksFile }.sorted()
        } catch {
            throw UsageError("cannot list \(folder): \(error.localizedDescription)")
        }
        guard !names.isEmpty else { throw UsageError("\(folder) holds no *.json sample files") }

        let shortLinks: ShortLinks?
        do {
            shortLinks = try loadShortLinks(near: directory, folder: folder)
        } catch {
            output.writeError(error.line + "\n")
            return 2
        }

        var invalid = 0
        var mismatched = 0
        for name in names {
            let file = (folder as NSString).appendingPathComponent(name)
            do {
                let sample = try loadSample(at: directory.appendingPathComponent(name), file: file)
                if try !check(sample, shortLinks: shortLinks, output: output) { mismatched += 1 }
            } catch {
                output.writeError(error.line + "\n")
                invalid += 1
            }
        }
        let valid = names.count - invalid - mismatched
        output.write(
            "\(names.count) samples: \(valid) valid, \(mismatched) mismatched, \(invalid) invalid\n")
        if invalid > 0 { return 2 }
        return mismatched > 0 ? 1 : 0
    }

    /// Prints a sample and, when it has a link, whether the link reproduces its payload.
    ///
    /// - Returns: `false` when the link does not reproduce the payload.
    static func check(
        _ sample: Sample, shortLinks: ShortLinks?, output: CommandOutput
    ) throws(Invalid) -> Bool {
        var parsed: ParsedLink?
        if let link = sample.link {
            do {
                parsed = try LinkParser(valueTyping: .documented).parse(link)
            } catch {
                throw Invalid(file: sample.file, path: "$.link", message: error.description)
            }
        }
        var report = "== \(sample.name) (\(sample.file))\n"
        report += "callback: \(sample.callback)\nkind: \(sample.kind)\n"
        if let link = sample.link { report += "link: \(link)\n" }
        report += sample.payload.jsonText(pretty: true) + "\n"
        output.write(report)

        guard let parsed else { return true }
        var expected = parsed.payload
        if case .shortLink(let template, let shortID) = parsed.kind {
            guard let stored = shortLinks?["\(template)/\(shortID)"] else {
                output.writeError(
                    "\(sample.file): $.link: short link \(template)/\(shortID) is not in \(shortLinksFile), "
                        + "so its payload cannot be reproduced\n")
                return false
            }
            expected = stored.merging(parsed.payload)
        }
        let differences = diff(expected: expected, actual: sample.payload)
        guard differences.isEmpty else {
            output.writeError(
                "\(sample.file): $.payload: differs from what the link produces "
                    + "(- missing, + extra, ~ changed):\n" + differences.map { "  \($0)\n" }.joined())
            return false
        }
        output.write("ok: the link reproduces all \(expected.count) keys\n")
        return true
    }

    /// Lines describing how `actual` differs from `expected`, key by key; empty when equal.
    static func diff(expected: AttributionPayload, actual: AttributionPayload) -> [String] {
        var lines: [String] = []
        for key in Set(expected.values.keys).union(actual.values.keys).sorted() {
            switch (expected[key], actual[key]) {
            case (let want?, nil):
                lines.append("- \(key): the link gives \(want.typeName) \(want); the sample lacks it")
            case (nil, let got?):
                lines.append("+ \(key): the sample has \(got.typeName) \(got); the link does not give it")
            case (let want?, let got?) where want != got:
                lines.append(
                    "~ \(key): the link gives \(want.typeName) \(want); the sample has \(got.typeName) \(got)"
                )
            default:
                break
            }
        }
        return lines
    }

    static func readJSON(at url: URL, file: String) throws(Invalid) -> AttributionValue {
        let data: Data
        do {
            data = try RegularFile.contents(of: url.path)
        } catch {
            throw Invalid(file: file, path: "$", message: error.description)
        }
        do {
            return try AttributionValue(json: data)
        } catch {
            switch error {
            case .duplicateKey(let path, _), .nestingTooDeep(let path, _):
                throw Invalid(file: file, path: path, message: error.description)
            default:
                throw Invalid(file: file, path: "$", message: error.description)
            }
        }
    }

    static func loadSample(at url: URL, file: String) throws(Invalid) -> Sample {
        let document = try readJSON(at: url, file: file)
        guard let members = document.objectValue else {
            throw Invalid(file: file, path: "$", message: "expected an object, found \(document.typeName)")
        }
        for key in members.keys.sorted() where !fields.contains(key) {
            throw Invalid(
                file: file, path: "$" + pathComponent(key),
                message: "unknown field (expected \(fields.joined(separator: ", ")))")
        }
        func string(_ key: String, required: Bool = true) throws(Invalid) -> String? {
            guard let value = members[key] else {
                if required {
                    throw Invalid(file: file, path: "$", message: "missing required field \"\(key)\"")
                }
                return nil
            }
            guard let text = value.stringValue else {
                throw Invalid(
                    file: file, path: "$." + key, message: "expected a string, found \(value.typeName)")
            }
            guard !text.isEmpty || key == "description" else {
                throw Invalid(file: file, path: "$." + key, message: "must not be empty")
            }
            return text
        }
        let name = try string("name") ?? ""
        _ = try string("description")
        let callback = try string("callback") ?? ""
        guard callbacks.contains(callback) else {
            throw Invalid(
                file: file, path: "$.callback",
                message:
                    "expected \"onAppOpenAttribution\" or \"onConversionDataSuccess\", found \"\(callback)\"")
        }
        let kind = try string("kind") ?? ""
        let link = try string("link", required: false)
        guard let payload = members["payload"] else {
            throw Invalid(file: file, path: "$", message: "missing required field \"payload\"")
        }
        guard let payloadMembers = payload.objectValue else {
            throw Invalid(
                file: file, path: "$.payload", message: "expected an object, found \(payload.typeName)")
        }
        return Sample(
            file: file, name: name, callback: callback, kind: kind, link: link,
            payload: AttributionPayload(payloadMembers))
    }

    /// Reads `shortlinks.json` from the folder or its parent, or returns `nil` when there is none.
    ///
    /// The file maps `"template/shortID"` to `{"host": ..., "parameters": {...}}`.
    static func loadShortLinks(near directory: URL, folder: String) throws(Invalid) -> ShortLinks? {
        let candidates = [
            (
                directory.appendingPathComponent(shortLinksFile),
                (folder as NSString).appendingPathComponent(shortLinksFile)
            ),
            (
                directory.deletingLastPathComponent().appendingPathComponent(shortLinksFile),
                ((folder as NSString).appendingPathComponent("..") as NSString).appendingPathComponent(
                    shortLinksFile)
            ),
        ]
        guard let (url, file) = candidates.first(where: { FileManager.default.fileExists(atPath: $0.0.path) })
        else { return nil }
        let document = try readJSON(at: url, file: file)
        guard let entries = document.objectValue else {
            throw Invalid(file: file, path: "$", message: "expected an object, found \(document.typeName)")
        }
        var links: ShortLinks = [:]
        for (key, entry) in entries {
            let path = "$" + pathComponent(key)
            guard key.split(separator: "/", omittingEmptySubsequences: false).count == 2 else {
                throw Invalid(
                    file: file, path: path, message: "expected a key of the form \"template/shortID\"")
            }
            guard entry["host"]?.stringValue != nil else {
                throw Invalid(file: file, path: path + ".host", message: "expected a string")
            }
            guard let parameters = entry["parameters"]?.objectValue else {
                throw Invalid(file: file, path: path + ".parameters", message: "expected an object")
            }
            links[key] = AttributionPayload(parameters)
        }
        return links
    }

    static func pathComponent(_ key: String) -> String {
        let isIdentifier =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
            }
        return isIdentifier ? "." + key : "[" + AttributionValue.string(key).jsonText() + "]"
    }
}
