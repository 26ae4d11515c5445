import Foundation
import OneLinkTestSoak
import OneLinkTestThreads
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `serve --state DIR` killed with SIGKILL under load loses nothing it answered 2xx.
///
/// Every request answered 2xx before the kill is there after a restart from the same folder. The
/// child is started with `posix_spawn`, not Foundation's `Process.run()`, whose descriptor scan
/// crashes now and then on this toolchain (swift-corelibs-foundation#5472), which a 100-round soak
/// would hit.
@Suite("serve --state: kill -9 loses nothing answered", .timeLimit(.minutes(20)), .tags(.soak))
struct ServeStateKillTests {
    /// A `serve` child started with `posix_spawn`: standard output on a pipe, standard error to a file.
    final class SpawnedServe: @unchecked Sendable {
        let pid: pid_t
        let port: UInt16
        let errorFile: String
        private let output: Int32

        init(_ arguments: [String], errorFile: String) throws {
            let executable = try #require(
                ReplayExecutable.url(), "onelink-replay is not built; run `swift build --build-tests` first")
            var pipeEnds: [Int32] = [0, 0]
            #expect(pipe(&pipeEnds) == 0)
            #if canImport(Darwin)
                var actions: posix_spawn_file_actions_t? = nil
            #else
                var actions = posix_spawn_file_actions_t()
            #endif
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
            posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            let argv = ([executable.path, "serve"] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var child: pid_t = 0
            let spawned = posix_spawn(&child, executable.path, &actions, nil, argv, environ)
            close(pipeEnds[1])
            guard spawned == 0 else {
                close(pipeEnds[0])
                throw RawHTTPConnection.Failure(description: "posix_spawn failed: \(spawned)")
            }
            pid = child
            output = pipeEnds[0]
            self.errorFile = errorFile
            // The first line names the port; a child that dies first ends the stream.
            var line: [UInt8] = []
            var byte: UInt8 = 0
            while read(output, &byte, 1) == 1, byte != 10 { line.append(byte) }
            let text = String(decoding: line, as: UTF8.self)
            guard text.hasPrefix("listening on http://127.0.0.1:"),
                let port = UInt16(text.split(separator: ":").last ?? "")
            else {
                kill(child, SIGKILL)
                var status: Int32 = 0
                waitpid(child, &status, 0)
                close(output)
                let errors = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
                throw RawHTTPConnection.Failure(description: "serve did not start: \(text) \(errors)")
            }
            self.port = port
        }

        /// Kills the child with SIGKILL and reaps it.
        func killAndWait() {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            close(output)
        }

        var errors: String { (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "" }
    }

    /// What the clients saw answered 2xx, shared by the two client threads.
    final class Acknowledged: @unchecked Sendable {
        private let lock = NSLock()
        private var links: [String] = []
        private var registered: Set<String> = []
        private var removed: Set<String> = []
        private var count = 0

        /// Counts one 2xx answer; whether it is the `killAt`-th.
        func add(
            link: String? = nil, registered device: String? = nil, removed gone: String? = nil, killAt: Int
        )
            -> Bool
        {
            lock.lock()
            defer { lock.unlock() }
            if let link { links.append(link) }
            if let device { registered.insert(device) }
            if let gone { removed.insert(gone) }
            count += 1
            return count == killAt
        }

        /// A removal of `device` is about to be sent: from now on it may or may not be registered.
        func willRemove(_ device: String) {
            lock.lock()
            defer { lock.unlock() }
            registered.remove(device)
        }

        /// How many 2xx answers were counted.
        var total: Int {
            lock.lock()
            defer { lock.unlock() }
            return count
        }

        var snapshot: (links: [String], registered: Set<String>, removed: Set<String>) {
            lock.lock()
            defer { lock.unlock() }
            return (links, registered, removed)
        }
    }

    static func request(
        _ method: String, _ path: String, body: String? = nil, token: String, port: UInt16
    )
        throws -> RawHTTPConnection.Response
    {
        var lines = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
        lines.append(
            path.hasPrefix("/api/test-console") ? "Authorization: Bearer \(token)" : "authorization: \(token)"
        )
        if let body { lines += ["Content-Type: application/json", "Content-Length: \(body.utf8.count)"] }
        return try RawHTTPConnection.exchange(
            (lines + ["", body ?? ""]).joined(separator: "\r\n"), port: port)
    }

    static let console = "/api/test-console/v1.0/app/id1234567890"

    @Test(
        "SIGKILL at a random point under load, then a restart: every link and test device answered 2xx is there"
    )
    func killLoop() async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("serve-state-kill-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let state = folder + "/state"
        let payloads = ReplayExecutable.packageRoot.appendingPathComponent("Payloads").path
        let arguments = ["--state", state, "--port", "0", "--quiet", "--payloads", payloads]
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var allLinks: [String] = []
        var previous = (links: [String](), registered: Set<String>(), removed: Set<String>())
        let rounds = Soak.count(100, quick: 3)
        for round in 0..<rounds {
            let child = try await onThread {
                try SpawnedServe(arguments, errorFile: folder + "/stderr-\(round)")
            }
            #expect(child.errors.contains("restored "), "round \(round): \(child.errors)")
            // What the previous round had answered 2xx is all there.
            let port = child.port
            let check = previous
            let missing = try await onThread {
                var missing: [String] = []
                for link in check.links {
                    let got = try Self.request(
                        "GET", "/api/v2.0/shortlinks/H5hv/\(link)", token: "t", port: port)
                    if got.status != 200 { missing.append("link \(link): \(got.status)") }
                }
                let listed = try Self.request("GET", "/onelink-emulator/test-devices", token: "t", port: port)
                    .body
                missing += check.registered.filter { !listed.contains($0) }.map { "device \($0)" }
                missing += check.removed.filter { listed.contains($0) }.map { "removed device \($0) is back" }
                return missing
            }
            #expect(missing.isEmpty, "round \(round): \(missing.prefix(5))")
            if let link = check.links.last {
                let resolved = try await onThread {
                    try RawHTTPConnection.exchange(
                        "GET /shortlink-sdk/v2/H5hv?id=\(link) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                        port: port)
                }
                #expect(resolved.status == 200, "round \(round): \(link) does not resolve")
            }
            if round == rounds - 1 {
                child.killAndWait()
                break
            }

            // Two clients under load; the one whose answer is the killAt-th sends SIGKILL while the
            // other is mid-request.
            let acknowledged = Acknowledged()
            let killAt = Int.random(in: 1...40)
            let pid = child.pid
            async let links: String = onThread {
                var index = 0
                while true {
                    let id = "r\(round)x\(index)"
                    index += 1
                    let body = #"{"shortlink_id":"\#(id)","data":{"pid":"qr","deep_link_value":"\#(id)"}}"#
                    let answer: RawHTTPConnection.Response
                    do {
                        answer = try Self.request(
                            "POST", "/api/v2.0/shortlinks/H5hv", body: body, token: "t", port: port)
                    } catch {
                        return "links ended after \(index - 1) with \(error)"
                    }
                    if answer.status == 200, acknowledged.add(link: id, killAt: killAt) { kill(pid, SIGKILL) }
                }
            }
            async let devices: String = onThread {
                while true {
                    let id = UUID().uuidString.lowercased()
                    let body = #"{"device_id":"\#(id)","device_id_type":"IDFA","device_name":"QA"}"#
                    let added: RawHTTPConnection.Response
                    do {
                        added = try Self.request(
                            "POST", Self.console + "/devices", body: body, token: "t", port: port)
                    } catch {
                        return "devices ended with \(error)"
                    }
                    if added.status == 200, acknowledged.add(registered: id, killAt: killAt) {
                        kill(pid, SIGKILL)
                    }
                    acknowledged.willRemove(id)
                    let removed: RawHTTPConnection.Response
                    do {
                        removed = try Self.request(
                            "DELETE", Self.console + "/devices/\(id)", token: "t", port: port)
                    } catch {
                        return "devices ended with \(error)"
                    }
                    if removed.status == 200, acknowledged.add(removed: id, killAt: killAt) {
                        kill(pid, SIGKILL)
                    }
                }
            }
            let ends = try await [links, devices]
            try await onThread { child.killAndWait() }
            previous = acknowledged.snapshot
            allLinks += previous.links
            #expect(
                acknowledged.total >= killAt,
                "round \(round), kill at \(killAt): \(ends) \(child.errors)")
        }
        #expect(allLinks.count >= rounds - 1)
    }
}
