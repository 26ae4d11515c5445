// A child process for the crash-safety test: it keeps saving device state until it is killed.
//
// Usage: onelink-store-writer STATE_FILE
//
// It first loads STATE_FILE (if any) and checks it, printing `loaded N` (0 for no file) or
// `corrupt REASON` and exiting 1. Then it saves states N+1, N+2, ... forever, printing `saved K`
// after each save returns. State K has `session_count` K and a conversion-data payload whose
// contents are derived from K (see `StoreWriterState`), so a reader can tell a whole state from a
// torn one.
import Foundation
import OneLinkEmulator
import OneLinkStoreWriterState

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes one line to standard output at once, so the parent sees it even if the next save is killed.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: onelink-store-writer STATE_FILE\n".utf8))
    exit(2)
}
let store = FileDeviceStore(url: URL(fileURLWithPath: arguments[1]))

var counter: Int
do {
    if let state = try store.load() {
        guard let loaded = StoreWriterState.counter(of: state) else {
            say("corrupt contents do not match their counter")
            exit(1)
        }
        counter = loaded
    } else {
        counter = 0
    }
} catch {
    say("corrupt \(error)")
    exit(1)
}
say("loaded \(counter)")

while true {
    counter += 1
    do {
        try store.save(StoreWriterState.state(counter: counter))
    } catch {
        say("failed \(error)")
        exit(1)
    }
    say("saved \(counter)")
}
