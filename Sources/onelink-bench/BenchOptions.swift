import OneLinkSupport

/// What `onelink-bench` was asked to run, read from its command line.
struct BenchOptions: Equatable {
    /// The benchmark groups `--only` accepts, in the order they run.
    static let groups = [
        "links", "decode", "timeout", "memory", "concurrency", "consumer", "scenarios", "explore", "http",
        "build",
        "soak", "serve",
    ]

    /// The options `onelink-bench` accepts.
    static let reader = ArgumentReader(
        flags: ["--quick", "--build-times"],
        options: [
            "--only", "--replays", "--build-rounds", "--baseline-revision", "--soak-requests", "--soak-burst",
            "--soak-slow",
        ],
        maximumPositionals: 0)

    /// Fewer rounds and replays.
    var quick = false
    /// The one group to run, or `nil` for every group but the soak and the serve load (and the builds
    /// without `--build-times`).
    var only: String?
    /// Whether the build group runs with the others.
    var buildTimes = false
    /// Scenario replays timed.
    var replays = 10_000
    /// The build group's options.
    var build = BuildTimeBenchmark.Options()
    /// The soak's options.
    var soak = SoakBenchmark.Options()

    /// The defaults.
    init() {}

    /// The options read from a command line.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        func count(_ option: String) throws(UsageError) -> Int? {
            try arguments.value(option, expected: "a positive whole number") {
                Int($0).flatMap { $0 > 0 ? $0 : nil }
            }
        }
        quick = arguments.flag("--quick")
        buildTimes = arguments.flag("--build-times")
        only = try arguments.value(
            "--only", expected: "one of \(Self.groups.joined(separator: ", "))",
            { Self.groups.contains($0) ? $0 : nil })
        replays = try count("--replays") ?? replays
        build.rounds = try count("--build-rounds") ?? build.rounds
        build.baselineRevision = arguments.value("--baseline-revision")
        soak.requests = try count("--soak-requests") ?? soak.requests
        soak.burst = try count("--soak-burst") ?? soak.burst
        soak.slowClients = try count("--soak-slow") ?? soak.slowClients
    }

    /// Whether the group `name` runs.
    func runs(_ name: String) -> Bool {
        switch name {
        case "soak", "serve": return only == name
        case "build": return only == "build" || (buildTimes && only == nil)
        default: return only == nil || only == name
        }
    }
}
