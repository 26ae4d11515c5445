import OneLinkReplay

/// `onelink-replay run`: a thin shim over ``ReplayCommand``, where the logic and its tests live.
enum RunCommand {
    static func main(_ arguments: [String]) async -> Int32 {
        await ReplayCommand.run(arguments: arguments, output: .standard)
    }
}
