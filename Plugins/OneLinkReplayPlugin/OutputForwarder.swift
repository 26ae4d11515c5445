import Foundation
import PackagePlugin

/// Passes the tool's standard output on to SwiftPM when ``HostOutput`` cannot hand the tool
/// `swift package`'s own (macOS, a redirection SwiftPM still writes to, or
/// `ONELINK_PLUGIN_OUTPUT=swiftpm`).
///
/// SwiftPM holds such output back until the plugin ends when its standard output is not a
/// terminal, so `serve`'s `listening on http://HOST:PORT` line is also sent as a progress message,
/// which SwiftPM writes on its standard error at once (`[OneLinkReplayPlugin] listening on …`):
/// with `--port 0` that is the only way to learn the port there.
final class OutputForwarder: Sendable {
    private let finished = DispatchSemaphore(value: 0)

    /// Starts forwarding what the tool writes to `pipe` on a thread of its own.
    init(_ pipe: Pipe) {
        let reader = pipe.fileHandleForReading
        Thread { [finished] in
            var pending = Data()
            var announced = false
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                FileHandle.standardOutput.write(chunk)
                guard !announced else { continue }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 10) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    if line.hasPrefix("listening on ") {
                        Diagnostics.progress(line)
                        announced = true
                        break
                    }
                }
                // Only the first lines can hold it; a long output is not kept.
                if pending.count > 65_536 { announced = true }
            }
            finished.signal()
        }.start()
    }

    /// Waits until the tool's end of the pipe has closed and everything it wrote was passed on.
    func wait() { finished.wait() }
}
