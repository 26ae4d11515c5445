import Foundation
import OneLinkEmulator
import OneLinkTestThreads
import Testing

/// What the serve tests share: reading a child's output line by line, and the documented request.
enum ServeTestHelpers {
    /// Reads one line of `pipe`, keeping what follows it in `buffer`; `nil` at end of stream.
    static func readLine(from pipe: Pipe, buffer: inout Data) -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }

    /// Sends the guide's request (`GET /shortlink-sdk/v2/H5hv?id=6d66214a`) to the server on `port`
    /// and expects the stored link's parameters from `Payloads/shortlinks.json`.
    static func expectDocumentedShortLink(port: UInt16) async throws {
        let response = try await onThread {
            try RawHTTPConnection.exchange(
                "GET /shortlink-sdk/v2/H5hv?id=6d66214a HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                port: port)
        }
        #expect(response.status == 200)
        let stored = try AttributionPayload(
            json: Data(contentsOf: Fixtures.payloads.appendingPathComponent("shortlinks.json")))
        #expect(
            try AttributionPayload(jsonString: response.body)
                == stored["H5hv/6d66214a"]?["parameters"]?.objectValue.map(AttributionPayload.init))
    }
}
