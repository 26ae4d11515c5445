import Foundation
import OneLinkEmulator
import OneLinkServer
import OneLinkSupport

extension ServeOptions {
    /// Adds the short links of every `--shortlinks FILE` to the backends' in-memory table.
    ///
    /// - Throws: A ``UsageError`` naming the file for one that cannot be read or is not a table,
    ///   or when the seed's short links are not an in-memory table.
    func loadShortLinkFiles(into backends: ServeBackends) throws(UsageError) {
        guard !shortLinkFiles.isEmpty else { return }
        let resolver = backends.shortLinkResolver
        for file in shortLinkFiles {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                throw UsageError("--shortlinks: \(QuotedInput.prefix(file)): cannot be read")
            }
            do throws(ShortLinkTable.Invalid) {
                try ShortLinkTable(json: data).load(into: resolver)
            } catch {
                throw UsageError(
                    "--shortlinks: \(QuotedInput.prefix(file)): \(QuotedInput.message(error.description))")
            }
        }
    }
}
