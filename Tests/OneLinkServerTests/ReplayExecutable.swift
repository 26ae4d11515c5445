import Foundation

/// The built `onelink-replay` executable, for the browser tests that run `serve` beside Chromium.
enum ReplayExecutable {
    /// The package's root folder, the child's working directory.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The `onelink-replay` executable next to the test bundle (`swift build --build-tests` builds it
    /// with the tests), or in `.build/debug`.
    static func url() -> URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("onelink-replay")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        let fallback = packageRoot.appendingPathComponent(".build/debug/onelink-replay")
        return FileManager.default.isExecutableFile(atPath: fallback.path) ? fallback : nil
    }
}
