import Foundation
import OneLinkEmulator
import Testing

@Suite struct HTTPExperimentTests {
    func run(_ reply: String, limit: Int = 1 << 20) async -> String {
        do {
            let responder = try HTTPScriptedResponder(replies: [reply])
            let transport = URLSessionHTTPTransport()
            let url = URL(string: "http://127.0.0.1:\(responder.port)/x")!
            let r = try await transport.send(HTTPRequest(url: url, maximumResponseBytes: limit))
            return "OK \(r.statusCode) \(r.headers) \(String(decoding: r.body, as: UTF8.self))"
        } catch {
            return "ERR \(error) \(type(of: error))"
        }
    }
    @Test func experiment() async throws {
        print("REDIRECT", await run("HTTP/1.1 302 Found\r\nLocation: /x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"))
        print("TRUNC", await run("HTTP/1.1 200 OK\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{\"a\":"))
        print("BIGLEN", await run("HTTP/1.1 200 OK\r\nContent-Length: 64\r\nConnection: close\r\n\r\n" + String(repeating: "a", count: 64), limit: 16))
        print("BIGNOLEN", await run("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n" + String(repeating: "a", count: 64), limit: 16))

        print("EMPTY", await run(""))
        let port = try HTTPScriptedResponder.closedPort()
        do {
            _ = try await URLSessionHTTPTransport().send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/")!))
        } catch { print("REFUSED", error) }
    }
}
