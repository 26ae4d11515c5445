import OneLinkEmulator
import OneLinkSupport

/// `PUT /onelink-emulator/shortlinks`: adds short links, in the `Payloads/shortlinks.json` format,
/// to the server's in-memory short-link table.
extension AdminAPI {
    func loadShortLinks(_ request: ServerRequest) -> ServerResponse {
        guard let resolver = configuration.shortLinkStore else {
            return .error(
                501, "this server's configuration has no shortLinkStore, so no short links can be loaded")
        }
        do throws(ShortLinkTable.Invalid) {
            let table = try ShortLinkTable(json: request.body)
            table.load(into: resolver)
            return .json(200, ["loaded": .array(table.links.keys.sorted().map { .string($0) })])
        } catch {
            return .error(400, "not a short-link table: \(error)")
        }
    }
}
