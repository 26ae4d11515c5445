enum PayloadsCommand {
    static func main(_ arguments: [String]) async -> Int32 {
        FileHandleOutput.standardError.write("onelink-replay: not implemented yet\n")
        return 2
    }
}
