import Foundation
import OneLinkSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The command plugin's lifeline: when `ONELINK_REPLAY_LIFELINE=stdin`, standard input is a pipe
/// whose write end only the plugin holds, and its end means the plugin has ended.
///
/// The kernel closes the pipe however the plugin ends (SIGKILL included), so the tool ends with it
/// instead of holding its port in a process group that Ctrl-C no longer reaches. When the pipe
/// ends the tool sends itself SIGTERM: `serve` stops cleanly, other commands end at once.
/// Portable (a pipe, no `prctl`), and off unless the plugin asks for it.
enum PluginLifeline {
    /// The variable the plugin sets, and the one value that turns the lifeline on.
    static let variable = "ONELINK_REPLAY_LIFELINE"

    private static let ended = Locked(false)

    /// Whether the plugin asked for the lifeline.
    static func isRequested(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment[variable] == "stdin"
    }

    /// Whether standard input has ended since ``watch()``; the SIGTERM that followed came from it.
    static var hasEnded: Bool { ended.value }

    /// Watches standard input on a thread of its own.
    ///
    /// Anything the plugin writes is discarded; when the pipe ends or fails, the process sends
    /// itself SIGTERM.
    static func watch() {
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 512)
            while true {
                let count = read(0, &buffer, buffer.count)
                if count > 0 { continue }
                if count < 0, errno == EINTR { continue }
                break
            }
            ended.withLock { $0 = true }
            kill(getpid(), SIGTERM)
        }
        thread.name = "onelink-replay lifeline"
        thread.start()
    }
}
