public import OneLinkEmulator
import OneLinkSupport

/// A short-link table in the format of `Payloads/shortlinks.json`: an object mapping
/// `"template/shortID"` to `{"host": "…", "parameters": {…}}`, as `PUT /onelink-emulator/shortlinks`
/// and `serve --shortlinks FILE` read it.
public struct ShortLinkTable: Sendable, Hashable {
    /// Why a table was refused: the JSON path of the first problem and what was wrong there.
    public struct Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        /// Where, such as `$["H5hv/abc"].parameters`.
        public var path: String
        /// What was expected.
        public var message: String

        /// `path: message`.
        public var description: String { "\(path): \(message)" }
    }

    /// The links' parameters, keyed `template/shortID`.
    public var links: [String: AttributionPayload]

    /// Reads a table from JSON bytes.
    ///
    /// - Throws: ``Invalid`` for anything but an object of `"template/shortID"` keys, each with a
    ///   string `host` and an object `parameters`.
    public init(json: some Collection<UInt8>) throws(Invalid) {
        let document: AttributionPayload
        do {
            document = try AttributionPayload(json: json)
        } catch {
            throw Invalid(path: "$", message: "expected a JSON object (\(error))")
        }
        var links: [String: AttributionPayload] = [:]
        for (key, entry) in document.values {
            let path = "$[\(AttributionValue.string(key).jsonText())]"
            let parts = key.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty }) else {
                throw Invalid(path: path, message: "expected a key of the form \"template/shortID\"")
            }
            guard entry["host"]?.stringValue != nil else {
                throw Invalid(path: path + ".host", message: "expected a string")
            }
            guard let parameters = entry["parameters"]?.objectValue else {
                throw Invalid(path: path + ".parameters", message: "expected an object")
            }
            links[key] = AttributionPayload(parameters)
        }
        self.links = links
    }

    /// Adds the links to `resolver`, replacing any with the same key.
    public func load(into resolver: any ShortLinkStore) {
        for (key, parameters) in links {
            let parts = key.split(separator: "/", maxSplits: 1).map(String.init)
            resolver[template: parts[0], shortID: parts[1]] = parameters
        }
    }
}
