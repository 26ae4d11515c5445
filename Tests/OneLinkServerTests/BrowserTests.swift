import Foundation
import OneLinkEmulator
import OneLinkSupport
import OneLinkTestThreads
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Headless Chromium, as Debian's `chromium` package installs it, driven from the command line.
enum Chromium {
    /// The first Chromium binary found: `$CHROMIUM`, then the usual Debian and Ubuntu paths.
    static let binary: String? = {
        let candidates =
            [ProcessInfo.processInfo.environment["CHROMIUM"]].compactMap { $0 }
            + ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/lib/chromium/chromium"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// In CI (`CI=true`) a missing browser is a failure, not a skip.
    static let isRequired = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Whether the browser tests run: a browser exists, or CI requires one (and then fails without it).
    static let testsEnabled = binary != nil || isRequired

    /// The most a single browser run may take before it is killed.
    static let timeLimit: TimeInterval = 90

    /// What one run of the browser left behind.
    struct Run {
        var status: Int32
        var output: String
        var log: String

        /// The page's console messages, as `--enable-logging=stderr` reports them (`…:CONSOLE:…] "text"`).
        var consoleMessages: [String] {
            log.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        }
    }

    /// Runs the browser headless on `url`, with `extra` arguments (`--dump-dom`, `--screenshot=…`).
    ///
    /// Every host but 127.0.0.1 resolves to nothing, and the browser's own background traffic
    /// (updates, sync, metrics) is off, so a run talks only to loopback. The run is killed after
    /// ``timeLimit`` seconds; the wait is on the process's real exit.
    static func run(_ url: String, _ extra: [String], userAgent: String? = nil) async throws -> Run {
        let binary = try #require(
            binary,
            "CI=true but no Chromium binary: .ci/run installs Debian's chromium package (apt-get install -y chromium)"
        )
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputFile = folder.appendingPathComponent("stdout")
        let logFile = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        var arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-default-apps", "--disable-extensions", "--disable-breakpad",
            "--metrics-recording-only",
            "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1", "--enable-logging=stderr", "--v=0",
            "--window-size=1200,900", "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
        ]
        if let userAgent { arguments.append("--user-agent=\(userAgent)") }
        arguments += extra + [url]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: logFile)
        // (finished, timed out): the watchdog kills the browser only while it is still running.
        let state = Locked((finished: false, timedOut: false))
        try process.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) { [process] in
            let kill = state.withLock { state -> Bool in
                guard !state.finished else { return false }
                state.timedOut = true
                return true
            }
            if kill, process.isRunning { process.terminate() }
        }
        let status = try await onThread {
            process.waitUntilExit()
            state.withLock { $0.finished = true }
            return process.terminationStatus
        }
        let timedOut = state.withLock { $0.timedOut }
        let run = Run(
            status: status, output: (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "",
            log: (try? String(contentsOf: logFile, encoding: .utf8)) ?? "")
        #expect(!timedOut, "chromium did not finish within \(timeLimit) s: \(arguments)")
        return run
    }

    /// The folder screenshots of the test run go to: `.build/browser-screenshots`.
    static func screenshotFolder() throws -> URL {
        let folder = ReplayExecutable.packageRoot.appendingPathComponent(".build/browser-screenshots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// A `serve` child seeded from a scenario, with a time limit long enough for a browser test.
final class BrowserServeChild: @unchecked Sendable {
    let process = Process()
    let output = Pipe()
    /// Set once the child has exited, so the watchdog leaves a reused process ID alone.
    private let exited = Locked(false)
    let base: String
    let port: UInt16

    convenience init(scenario: String) async throws {
        try await self.init(arguments: ["--scenario", scenario])
    }

    /// Starts `serve --port 0 --quiet` with `arguments` added.
    init(arguments: [String]) async throws {
        let executable = try #require(
            ReplayExecutable.url(),
            "onelink-replay is not built; run `swift build --build-tests` first")
        process.executableURL = executable
        process.arguments = ["serve", "--port", "0", "--quiet"] + arguments
        process.currentDirectoryURL = ReplayExecutable.packageRoot
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A hung child is terminated after 5 minutes, so the read of its first line ends.
        DispatchQueue.global().asyncAfter(deadline: .now() + 300) { [process, exited] in
            if !exited.withLock({ $0 }), process.isRunning { process.terminate() }
        }
        let handle = output.fileHandleForReading
        let line = try await onThread { () -> String in
            var buffer = Data()
            while !buffer.contains(10) {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
            }
            return String(decoding: buffer.prefix { $0 != 10 }, as: UTF8.self)
        }
        let prefix = "listening on "
        guard line.hasPrefix(prefix), let port = UInt16(line.split(separator: ":").last ?? "") else {
            process.terminate()
            throw RawHTTPConnection.Failure(description: "serve did not start: \(line)")
        }
        base = String(line.dropFirst(prefix.count))
        self.port = port
    }

    func stop() async throws {
        kill(process.processIdentifier, SIGTERM)
        let status = try await onThread { [process, exited] in
            process.waitUntilExit()
            exited.withLock { $0 = true }
            return process.terminationStatus
        }
        #expect(status == 0)
    }

    func get(_ target: String, headers: [String] = []) async throws -> RawHTTPConnection.Response {
        let request =
            (["GET \(target) HTTP/1.1", "Host: 127.0.0.1:\(port)"] + headers + ["Connection: close", "", ""])
            .joined(separator: "\r\n")
        return try await onThread { [port] in try RawHTTPConnection.exchange(request, port: port) }
    }

    /// Posts `json` to `target`, as a backend or QA script calls the public APIs.
    func post(
        _ target: String, json: String, headers: [String] = []
    ) async throws -> RawHTTPConnection.Response {
        let head =
            ["POST \(target) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Content-Type: application/json"] + headers
            + ["Content-Length: \(json.utf8.count)", "Connection: close", "", ""]
        let request = head.joined(separator: "\r\n") + json
        return try await onThread { [port] in try RawHTTPConnection.exchange(request, port: port) }
    }
}

/// The dashboard and the smart link of `Docs/server-side.md`, in a real (headless) browser.
@Suite(
    .serialized,
    .enabled(
        if: Chromium.testsEnabled,
        "no Chromium binary (apt-get install chromium, or set CHROMIUM); with CI=true this fails instead"),
    .timeLimit(.minutes(10)))
struct BrowserTests {
    static let instagram =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
        + "Mobile/15E148 Instagram 321.0.2.23.105 (iPhone15,2; iOS 17_4; en_US; en; scale=3.00; 1179x2556)"
    static let desktop =
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"
    static let hostile = "<script>document.title='pwned'</script><img src=x onerror=alert(1)>"

    /// A scenario whose server has the OneLink domain of the docs and a smart-link domain.
    static func scenario() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("browser.json")
        let text = """
            {"name": "browser", "backend": {"server": {"appStoreURL": "https://apps.apple.com/app/id1234567890",
              "oneLinkDomains": ["onelink-basic-app.onelink.me"], "templates": ["H5hv"],
              "interstitialDomain": "open.example.net", "smartLinkDomain": "go.example.net"}},
             "steps": [{"do": "start"}]}
            """
        try Data(text.utf8).write(to: file)
        return file.path
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    @Test("the console check sees a page's console errors (control for the tests below)")
    func consoleCheckWorks() async throws {
        let run = try await Chromium.run(
            "data:text/html,<p>x</p><script>console.error('boom');missingFunction()</script>", ["--dump-dom"])
        #expect(run.consoleMessages.contains { $0.contains("boom") })
        #expect(run.consoleMessages.contains { $0.contains("missingFunction") })
    }

    @Test(
        "the dashboard loads, shows a click, the install it matched, an API link and a test device, escapes a hostile value, no console errors"
    )
    func dashboard() async throws {
        let child = try await BrowserServeChild(scenario: try Self.scenario())
        do {
            let click = try await child.get(
                "/H5hv?pid=Email&deep_link_value=\(Self.encoded(Self.hostile))",
                headers: [
                    "User-Agent: Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Version/17.4 Safari/604.1",
                    "X-Forwarded-For: 203.0.113.7", "X-OneLink-Advertising-ID: idfa-browser",
                ])
            #expect(click.status == 302)
            let now = AttributionTimestamp.string(from: Date().addingTimeInterval(60))
            let install = try await child.get(
                "/install_data/v5.0/id1?device_id=browser-device&advertising_id=idfa-browser&install_time="
                    + Self.encoded(now))
            #expect(install.body.contains("Non-organic"))
            let apiLink = try await child.post(
                "/api/v2.0/shortlinks/H5hv", json: #"{"shortlink_id":"browser_sale","data":{"pid":"Email"}}"#,
                headers: ["authorization: browser-token"])
            #expect(apiLink.status == 200)
            let testDevice = try await child.post(
                "/api/test-console/v1.0/app/id1234567890/devices",
                json:
                    #"{"device_id":"09ad6f30-a39c-4c6c-8862-636eabd54709","device_id_type":"IDFA","device_name":"QA iPhone"}"#,
                headers: ["Authorization: Bearer browser-token"])
            #expect(testDevice.status == 200)

            let run = try await Chromium.run("\(child.base)/", ["--dump-dom"])
            #expect(run.status == 0)
            let dom = run.output
            #expect(dom.contains("<title>onelink-replay serve</title>"))
            #expect(dom.contains("browser-device (advertising ID idfa-browser)"))
            #expect(dom.contains("match_type id_matching"))
            #expect(dom.contains("advertising ID idfa-browser"))
            // The state of the public APIs: the OneLink API's link and the Test Console's device.
            #expect(dom.contains("<section id=\"api-links\">") && dom.contains("H5hv/browser_sale"))
            #expect(dom.contains("<section id=\"test-devices\">") && dom.contains("QA iPhone"))
            // The hostile value is text in the page, not markup: no script, no image, title unchanged.
            #expect(
                dom.contains(
                    "&lt;script&gt;document.title='pwned'&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"))
            #expect(!dom.contains("<script") && !dom.contains("<img"))
            #expect(run.consoleMessages == [], "console: \(run.consoleMessages)")

            let shot = try Chromium.screenshotFolder().appendingPathComponent("dashboard.png")
            try? FileManager.default.removeItem(at: shot)
            let screenshot = try await Chromium.run("\(child.base)/", ["--screenshot=\(shot.path)"])
            #expect(screenshot.status == 0)
            let png = try Data(contentsOf: shot)
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000)
            #expect(screenshot.consoleMessages == [])
        } catch {
            try await child.stop()
            throw error
        }
        try await child.stop()
    }

    @Test(
        "smart link: an in-app browser gets the interstitial, its button is the universal link, following it is a click; a desktop browser is redirected"
    )
    func smartLink() async throws {
        let child = try await BrowserServeChild(scenario: try Self.scenario())
        do {
            let web = "\(child.base)/web-fallback"
            let query = "scheme=\(Self.encoded("myapp://promo"))&url=\(Self.encoded(web))"
            let universalLink = "https://go.example.net/babalink?\(query)"

            let inApp = try await Chromium.run(
                "\(child.base)/babalink?\(query)", ["--dump-dom"], userAgent: Self.instagram)
            #expect(inApp.status == 0)
            let anchor = try #require(
                inApp.output.range(of: #"<a id="open-app" href="[^"]*""#, options: .regularExpression),
                "no open-app button in: \(inApp.output)")
            let href = inApp.output[anchor].dropFirst(#"<a id="open-app" href=""#.count).dropLast()
                .replacingOccurrences(of: "&amp;", with: "&")
            #expect(href == universalLink)
            #expect(inApp.consoleMessages == [])
            let shot = try Chromium.screenshotFolder().appendingPathComponent("interstitial.png")
            _ = try await Chromium.run(
                "\(child.base)/babalink?\(query)", ["--screenshot=\(shot.path)"], userAgent: Self.instagram)

            // The button's link, followed on this loopback server (its host is the smart-link domain).
            let path = try #require(URLComponents(string: href)).percentEncodedPath
            let followedQuery = try #require(URLComponents(string: href)?.percentEncodedQuery)
            let followed = try await Chromium.run(
                "\(child.base)\(path)?\(followedQuery)", ["--dump-dom"], userAgent: Self.instagram)
            #expect(followed.status == 0)

            let desktop = try await Chromium.run(
                "\(child.base)/babalink?\(query)", ["--dump-dom"], userAgent: Self.desktop)
            #expect(desktop.output.contains("no route for GET /web-fallback"), "\(desktop.output)")

            let page = try await child.get("/")
            let clicks = ServerDashboardTests.rows(page.body, section: "clicks")
            // The interstitial load, its screenshot, the followed button link and the desktop click.
            #expect(clicks.count == 4)
            #expect(clicks.filter { $0.contains("in-app browser instagram") }.count == 3)
            // The browser also asks for /favicon.ico after each page that is not the dashboard.
            let requests = ServerDashboardTests.rows(page.body, section: "requests").filter {
                !$0.contains("/favicon.ico")
            }
            #expect(requests.first?.contains("GET /web-fallback") == true, "\(requests)")
            #expect(requests.first?.contains("404") == true)
            #expect(requests.dropFirst().first?.contains("302 Found") == true)
        } catch {
            try await child.stop()
            throw error
        }
        try await child.stop()
    }
}
