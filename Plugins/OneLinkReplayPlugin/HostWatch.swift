import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tells the plugin when `swift package` itself has ended, such as by a SIGTERM sent to it alone
/// (`kill $!` in a script): SwiftPM then dies without signalling the plugin, which would otherwise
/// keep the tool, and its port, running.
enum HostWatch {
    /// Calls `ended` once `swift package` has ended; keep the answer for as long as it should watch.
    ///
    /// On Linux a thread waits in `poll` on standard error, the write end of a pipe only SwiftPM
    /// reads: the kernel reports `POLLERR` there once the reader is gone, with nothing written or
    /// read. On Apple platforms a dispatch source waits for the parent's exit (kqueue `NOTE_EXIT`).
    static func start(_ ended: @escaping @Sendable () -> Void) -> AnyObject? {
        #if canImport(Darwin)
            let source = DispatchSource.makeProcessSource(
                identifier: getppid(), eventMask: .exit, queue: .global())
            // NOTE_EXIT comes once.
            source.setEventHandler { ended() }
            source.resume()
            return source
        #else
            let thread = Thread {
                var watched = pollfd(fd: 2, events: 0, revents: 0)
                while true {
                    let ready = poll(&watched, 1, -1)
                    if ready < 0, errno == EINTR { continue }
                    if ready < 0 || watched.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { break }
                }
                ended()
            }
            thread.name = "onelink-replay plugin host watch"
            thread.start()
            return thread
        #endif
    }
}
