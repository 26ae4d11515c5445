import OneLinkServer

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
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                options.help = true
            case "--host":
                options.host = try value(for: argument)
            case "--port":
                let text = try value(for: argument)
                guard let port = UInt16(text) else {
                    throw UsageError(message: "--port must be a number from 0 to 65535, got \(text)")
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
                guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                    throw UsageError(
                        message: "--request-timeout must be seconds between 0 and 3600, got \(text)")
                }
                options.requestTimeoutSeconds = seconds
            case "--quiet":
                options.quiet = true
            default:
                throw UsageError(
                    message: argument.hasPrefix("-")
                        ? "unknown option \(argument)" : "unexpected argument \(argument)")
            }
        }
        return options
    }
}
