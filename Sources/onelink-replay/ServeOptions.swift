import OneLinkClicks
import OneLinkEmulator
import OneLinkReplay
import OneLinkServer
import OneLinkSupport

/// The parsed options of `onelink-replay serve`.
struct ServeOptions {
    /// Where the server's data comes from.
    ///
    /// This is the seam for `--scenario FILE`: add a case here, parse the option in
    /// ``parse(_:)``, and build its backends in ``ServeBackends/make(from:options:)``.
    enum Seed: Equatable {
        /// The sample payloads and `shortlinks.json` in a `Payloads` folder.
        case payloads(folder: String)
        /// The backend state (short links, redirects, install attribution or server and click store) of one scenario file.
        case scenario(file: String)
    }

    /// A problem with the command line; exit status 2.
    struct UsageError: Error {
        var message: String
    }

    var host = "127.0.0.1"
    var port: UInt16 = 0
    var seed = Seed.payloads(folder: ServeOptions.defaultPayloads)
    var appStoreURL = "https://apps.apple.com/app/id1234567890"
    var interstitialDomain = "open.onelink-emulator.test"
    var sampleDevice = "sample-device"
    var requestTimeoutSeconds = 10.0
    var maximumConnections = ServerLimits().maximumConnections
    var bounds = ScenarioBackends.Bounds()
    var validDevKeys: Set<String>?
    var quiet = false
    var help = false

    static let defaultPayloads = "Payloads"

    static func parse(_ arguments: [String]) throws(UsageError) -> ServeOptions {
        var options = ServeOptions()
        var remaining = arguments[...]
        func value(for option: String) throws(UsageError) -> String {
            guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                throw UsageError(message: "\(option) needs a value")
            }
            return next
        }
        func count(for option: String, minimum: Int) throws(UsageError) -> Int {
            let text = try value(for: option)
            guard let number = Int(text), number >= minimum, number <= 100_000_000 else {
                throw UsageError(
                    message:
                        "\(option) must be a whole number from \(minimum) to 100000000, got \(QuotedInput.prefix(text))"
                )
            }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                options.help = true
            case "--host":
                let host = try value(for: argument)
                // A name is not resolved; `localhost` is the one name every loopback setup shares.
                options.host = host.lowercased() == "localhost" ? "127.0.0.1" : host
            case "--port":
                let text = try value(for: argument)
                guard let port = UInt16(text) else {
                    throw UsageError(
                        message: "--port must be a number from 0 to 65535, got \(QuotedInput.prefix(text))")
                }
                options.port = port
            case "--payloads":
                options.seed = .payloads(folder: try value(for: argument))
            case "--scenario":
                options.seed = .scenario(file: try value(for: argument))
            case "--app-store-url":
                options.appStoreURL = try value(for: argument)
            case "--interstitial-domain":
                options.interstitialDomain = try value(for: argument)
            case "--sample-device":
                options.sampleDevice = try value(for: argument)
            case "--request-timeout":
                let text = try value(for: argument)
                guard let seconds = Double(text), seconds.isFinite else {
                    throw UsageError(
                        message:
                            "--request-timeout must be a number of seconds, got \(QuotedInput.prefix(text))")
                }
                guard seconds > 0 else {
                    throw UsageError(
                        message:
                            "--request-timeout must be more than 0 seconds, got \(QuotedInput.prefix(text))")
                }
                guard seconds <= 3600 else {
                    throw UsageError(
                        message:
                            "--request-timeout must be at most 3600 seconds, got \(QuotedInput.prefix(text))")
                }
                options.requestTimeoutSeconds = seconds
            case "--max-connections":
                options.maximumConnections = try count(for: argument, minimum: 1)
            case "--request-history":
                options.bounds.requestHistoryLimit = try count(for: argument, minimum: 0)
            case "--max-clicks":
                options.bounds.clickCapacity = try count(for: argument, minimum: 1)
            case "--click-overflow":
                let text = try value(for: argument)
                guard let overflow = InMemoryClickStore.Overflow(rawValue: text) else {
                    throw UsageError(
                        message:
                            "--click-overflow must be refuse or drop-oldest, got \(QuotedInput.prefix(text))")
                }
                options.bounds.clickOverflow = overflow
            case "--max-devices":
                options.bounds.maximumRememberedDevices = try count(for: argument, minimum: 1)
            case "--dev-key":
                let key = try value(for: argument)
                guard !key.isEmpty else { throw UsageError(message: "--dev-key needs a non-empty key") }
                options.validDevKeys = (options.validDevKeys ?? []).union([key])
            case "--quiet":
                options.quiet = true
            default:
                throw UsageError(
                    message: argument.hasPrefix("-")
                        ? "unknown option \(QuotedInput.prefix(argument))"
                        : "unexpected argument \(QuotedInput.prefix(argument))")
            }
        }
        return options
    }
}
