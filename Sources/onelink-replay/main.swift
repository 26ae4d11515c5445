import OneLinkReplay

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch arguments.first {
case "run":
    status = await RunCommand.main(Array(arguments.dropFirst()))
case "diagram":
    status = await DiagramCommand.run(arguments: Array(arguments.dropFirst()), output: .standard)
case "serve":
    status = await ServeCommand.main(Array(arguments.dropFirst()))
case "payloads":
    status = await PayloadsCommand.main(Array(arguments.dropFirst()))
case "import-log":
    status = await ImportLogCommand.main(Array(arguments.dropFirst()))
case "device-log":
    status = await DeviceLogCommand.main(Array(arguments.dropFirst()))
case "--version", "version":
    print("onelink-replay \(PackageVersion.current)")
    status = 0
case "-h", "--help", "help":
    print(Usage.text)
    status = 0
case nil:
    FileHandleOutput.standardError.write("onelink-replay: expected a subcommand\n\n" + Usage.text + "\n")
    status = 2
case let unknown?:
    FileHandleOutput.standardError.write(Usage.unknownSubcommand(unknown) + "\n\n" + Usage.text + "\n")
    status = 2
}
exit(status)
