import Foundation
import OneLinkEmulator
import OneLinkReplay
import Testing

/// Issue 49: logs as people paste them (blocks cut off, lines wrapped or cut at a width) and fragments with one thing
/// in them (a bare SDK error, a bare callback payload, side lines only), each imported as the smallest scenario
/// that explains it.
@Suite("import-log: abridged, wrapped and one-thing fragments", .timeLimit(.minutes(5)))
struct LogFragmentTests {
    static let xcode = LogImportTests.xcode

    static func expectations(_ imported: LogImport, _ output: String) -> [[String: AttributionValue]] {
        LogShapesRoundTwoTests.expectations(imported).filter { $0["output"] == .string(output) }
    }

    /// A universal link opened on a 6.x app (the shape of the Flutter thread issue 49 describes): the short link's
    /// dictionary, its response block cut off by the poster mid-value, `[Shortlink] Error: (null)`, then the callback.
    static func cutOffBeforeCallback(prefix: String, cutStoredToo: Bool) -> String {
        let stored =
            cutStoredToo
            ? """
            \(prefix)[Shortlink] OneLink:{
                "af_dp" = "myapp://";
                "deep_link_value" = sh
            """
            : """
            \(prefix)[Shortlink] OneLink:{
                "af_dp" = "myapp://";
                "deep_link_value" = shoes;
                pid = Email;
            }
            """
        return """
            AppsFlyer [deep link]: continue userActivity
            \(stored)
            \(prefix)[Shortlink] Response Info:{
                statusCode = 200;
                headers =     {
                    "Content-Type" = "application/json; charset=ut
            \(prefix)[Shortlink] Error: (null)
            \(prefix)[DDL] Calling didResolveDeepLink with: {"af_sub1":"","click_event":{"af_sub1":"","deep_link_value":"shoes","campaign":"Tested","link":"https://example.onelink.me/AbCd/tested","media_source":"Email","is_deferred":false},"deep_link_value":"shoes","campaign":"Tested","media_source":"Email"}
            """
    }

    @Test(
        "A `{` block cut off before a didResolveDeepLink line ends there: the callback imports FOUND with its values",
        arguments: ["[DEBUG] AppsFlyer: ", Self.xcode, "flutter: [DEBUG] AppsFlyer: ", ""])
    func blockCutOffBeforeCallback(prefix: String) async throws {
        for cutStoredToo in [false, true] {
            let log = Self.cutOffBeforeCallback(prefix: prefix, cutStoredToo: cutStoredToo)
            let imported = try await LogImportTests.imported(log)
            let found = try #require(Self.expectations(imported, "didResolveDeepLink").first, "\(prefix)")
            #expect(found["status"] == "FOUND", "\(prefix)")
            #expect(found["isDeferred"] == false)
            #expect(found["payload"]?["deep_link_value"] == "shoes", "\(prefix)")
            #expect(found["payload"]?["campaign"] == "Tested", "\(prefix)")
            #expect(imported.scenario["sdk"]?["mode"] == "udl")
            let responseLine = cutStoredToo ? 5 : 7
            #expect(
                imported.notes.contains {
                    $0.hasPrefix(
                        "line \(responseLine): abridged: the block this line opens (`[Shortlink] Response Info:{`) "
                            + "is not closed before line \(responseLine + 4), which starts a new message")
                }, "\(prefix): \(imported.notes)")
            if cutStoredToo {
                #expect(
                    imported.notes.contains { $0.hasPrefix("line 2: abridged: the block this line opens") })
            }
        }
    }

    @Test(
        "A terminal's wrapping of a callback's JSON and of a dictionary line is undone; a line cut at a width keeps its callback"
    )
    func wrappedAndCutLines() async throws {
        let json =
            #"[DDL] Calling didResolveDeepLink with: {"click_event":{"deep_link_value":"peaches","deep_link_sub1":"23","link":"https://example.onelink.me/AbCd?deep_link_value=peaches&deep_link_sub1=23"},"is_deferred":false}"#
        let conversion = """
            \(Self.xcode)[GCD-A02] -[App.AppDelegate onConversionDataSuccess:]:
            {
                "af_status" = "Non-organic";
                campaign = "Spring sale: peaches, pears and plums for every household in the country";
                "install_time" = "2022-11-15 09:59:54.684";
                "is_first_launch" = 1;
                "media_source" = Email;
            }
            """
        let log = "\(Self.xcode)Start\n" + conversion + "\n" + Self.xcode + json
        // Wrapped at 80 columns, every character kept, as a terminal does.
        let wrapped = log.split(separator: "\n").flatMap { line in
            stride(from: 0, to: line.count, by: 80).map { String(line.dropFirst($0).prefix(80)) }
        }.joined(separator: "\n")
        let imported = try await LogImportTests.imported(wrapped)
        let deepLink = try #require(Self.expectations(imported, "didResolveDeepLink").first)
        #expect(deepLink["status"] == "FOUND")
        #expect(deepLink["payload"]?["deep_link_sub1"] == "23")
        let data = try #require(Self.expectations(imported, "onConversionDataSuccess").first)
        #expect(data["payload"]?["media_source"] == "Email")
        #expect(data["payload"]?["install_time"] == "2022-11-15 09:59:54.684")
        #expect(
            data["payload"]?["campaign"]
                == "Spring sale: peaches, pears and plums for every household in the country")

        // Cut at a fixed width of 160: the JSON is cut, the callback is kept without the status it could not read.
        let cut = log.split(separator: "\n").map { String($0.prefix(160)) }.joined(separator: "\n")
        let partial = try await LogImportTests.imported(cut)
        let kept = try #require(Self.expectations(partial, "didResolveDeepLink").first)
        #expect(kept["status"] == nil)
        #expect(
            partial.notes.contains {
                $0.contains("abridged: the block this line opens (`[DDL] Calling didResolveDeepLink")
            })
        #expect(Self.expectations(partial, "onConversionDataSuccess").count == 1)
    }

    @Test(
        "A line that starts a message is never read as the line before's continuation, and a callback line run together with another message is the callback"
    )
    func messageStartsAndRunTogetherLines() async throws {
        // The link's line is missing after `UniversalLink/Deeplink found:`: the callback after it is not the link.
        let missingLink = try await LogImportTests.imported(
            """
            [AppsFlyerSDK] [com.appsflyer.serial] UniversalLink/Deeplink found:
            [DDL] Calling didResolveDeepLink with: {"status":"NOT_FOUND"}
            """)
        #expect(Self.expectations(missingLink, "didResolveDeepLink").map { $0["status"] } == ["NOT_FOUND"])
        // Two messages run together, as a paste that lost a line break: the callback is read.
        let runTogether = try await LogImportTests.imported(
            #"\#(Self.xcode)AppsFlyer SDK version 6.11.0 started build (1)[DDL] Calling didResolveDeepLink with: {"status":"NOT_FOUND"}"#
        )
        #expect(Self.expectations(runTogether, "didResolveDeepLink").map { $0["status"] } == ["NOT_FOUND"])
        // A dictionary left open does not run on into a callback line that has no prefix.
        let open = try await LogImportTests.imported(
            """
            [Shortlink] Response Info:{
                statusCode = 200;
            -[App.AppDelegate onConversionDataSuccess:]: { "af_status" = Organic; "is_first_launch" = 1; }
            """)
        #expect(
            Self.expectations(open, "onConversionDataSuccess").first?["payload"]?["af_status"] == "Organic")
    }

    /// AppsFlyerFramework#313's print of the deferred deep link's error (SDK 6.15.3), as the thread shows it (quotes
    /// escaped) and as Xcode prints it; the excerpt is abridged with `…`.
    static let networkError =
        #"Optional(Error Domain=com.appsflyer.sdk.network Code=0 \"Request failed\" UserInfo={NSLocalizedDescription=Request failed, NSUnderlyingError=0x300d1e3d0 {Error Domain=NSURLErrorDomain Code=-1003 \"A server with the specified hostname could not be found.\" UserInfo={…}}})"#

    @Test(
        "A bare network-error print imports as a failed deferred lookup with its domain and code, and replays so",
        arguments: [Self.networkError, Self.networkError.replacingOccurrences(of: #"\""#, with: "\"")])
    func bareNetworkError(log: String) async throws {
        let imported = try await LogImportTests.imported(log)
        let steps = LogImportTests.steps(imported)
        #expect(steps.map { $0["do"] } == ["start"])
        #expect(imported.scenario["sdk"]?["mode"] == "udl")
        #expect(imported.scenario["backend"]?["behaviour"]?["deferred"]?["fail"]?["kind"] == "NETWORK")
        let failure = try #require(Self.expectations(imported, "didResolveDeepLink").first)
        #expect(failure["status"] == "FAILURE")
        #expect(failure["kind"] == "NETWORK")
        #expect(failure["domain"] == "com.appsflyer.sdk.network")
        #expect(failure["code"] == 0)
        #expect(
            imported.notes.contains {
                $0.hasPrefix(
                    "line 1: com.appsflyer.sdk.network code 0 \"Request failed\" (NSURLErrorDomain -1003 under it) "
                        + "printed on its own, with no callback line in the log: taken as the deferred deep-link lookup's failure"
                )
            }, "\(imported.notes)")
        // The replay fails the lookup the same way; the conversion data it then delivers is not in the fragment.
        let result = try await LogImportTests.replay(imported)
        #expect(result.steps[0].mismatches.map(\.kind) == [.unexpected])
        #expect(result.steps[0].mismatches.first?.found?["output"] == "onConversionDataSuccess")
    }

    @Test("The same error after a link, or with a callback line in the log, is a note, not a guessed failure")
    func networkErrorWithOtherContent() async throws {
        let log = """
            \(Self.xcode)Start
            \(Self.xcode)[GCD-A02] -[App.AppDelegate onConversionDataSuccess:]: { "af_status" = Organic; }
            \(Self.networkError)
            """
        let imported = try await LogImportTests.imported(log)
        #expect(Self.expectations(imported, "didResolveDeepLink").isEmpty)
        #expect(
            imported.notes.contains {
                $0.contains("printed on its own: which call it answered is not in the log")
            })
    }

    @Test(
        "A bare callback payload imports as a session and that callback; in a log with a callback line it is skipped"
    )
    func bareCallbackPayload() async throws {
        let deepLink = try await LogImportTests.imported(
            #"{"deep_link_value":"peaches","deep_link_sub1":"23","is_deferred":true,"match_type":"probabilistic"}"#
        )
        #expect(LogImportTests.steps(deepLink).map { $0["do"] } == ["start"])
        let found = try #require(Self.expectations(deepLink, "didResolveDeepLink").first)
        #expect(found["status"] == "FOUND")
        #expect(found["isDeferred"] == true)
        #expect(
            deepLink.scenario["backend"]?["deferredClicks"]?.arrayValue?.first?["parameters"]?[
                "deep_link_value"] == "peaches")
        #expect(deepLink.notes.contains { $0.hasPrefix("line 1: a payload printed with no callback line") })

        let conversion = try await LogImportTests.imported(
            """
            {
                "af_status" = "Non-organic";
                "is_first_launch" = 1;
                "media_source" = Email;
            }
            """)
        #expect(LogImportTests.steps(conversion).map { $0["do"] } == ["start"])
        #expect(
            Self.expectations(conversion, "onConversionDataSuccess").first?["payload"]?["media_source"]
                == "Email")
        #expect(conversion.scenario["backend"]?["install"]?["nonOrganic"]?["media_source"] == "Email")

        let withCallback = try await LogImportTests.imported(
            """
            \(Self.xcode)[DDL] Calling didResolveDeepLink with: {"status":"NOT_FOUND"}
            {"deep_link_value":"peaches","is_deferred":true}
            """)
        #expect(LogShapesRoundTwoTests.expectations(withCallback).map { $0["status"] } == ["NOT_FOUND"])
    }

    @Test(
        "Only side lines (receipt URL, [CFG], [SKAd], [HTTP] Dealloc) or a version line: one session, with a note",
        arguments: [
            """
            [AppsFlyerSDK] [com.appsflyer.serial] Receipt URL: file:///private/var/mobile/Containers/Data/Application/00000000-0000-0000-0000-000000000001/StoreKit/sandboxReceipt
            [AppsFlyerSDK] [com.appsflyer.serial] [CFG] Applied new configuration
            [AppsFlyerSDK] [com.appsflyer.serial] [SKAd] Loaded configuration: 4
            [AppsFlyerSDK] [com.appsflyer.serial] [HTTP] Dealloc. Time elapsed for: Config-1
            """,
            "[CFG] Applied new configuration\n[HTTP] Dealloc. Time elapsed for: Config-1",
            "\(Self.xcode)AppsFlyer SDK version 6.9.0 started build (90)",
        ])
    func sideLinesOnly(log: String) async throws {
        let imported = try await LogImportTests.imported(log)
        #expect(LogImportTests.steps(imported).map { $0["do"] } == ["start"])
        #expect(LogShapesRoundTwoTests.expectations(imported).isEmpty)
        #expect(
            imported.notes.contains {
                $0.hasPrefix("line 1: the log shows the SDK at work")
                    && $0.contains("the SDK was started, so the scenario has one session")
            }, "\(imported.notes)")
    }

    @Test("A paste with no SDK content at all is refused, saying what was seen")
    func refusalSaysWhatWasSeen() async {
        let log = "AppsFlyer [deep link]: continue userActivity\n\nAppsFlyer Debug: handle deep link"
        do {
            _ = try await LogImportTests.imported(log)
            Issue.record("a paste with no SDK line was imported")
        } catch {
            #expect(
                error
                    == .nothingUsable(
                        lines: 3,
                        seen:
                            "seen: 2 lines of the app's or other libraries', the first line 1: `AppsFlyer [deep link]: continue userActivity`, 1 blank line"
                    ))
            #expect(
                error.description.hasPrefix(
                    "nothing usable in 3 lines: no line of the AppsFlyer iOS SDK was found (seen:"))
        }
    }

    @Test(
        "The fuzz find of issue 49 (a mangled log whose device was installed, then fresh) imports as a valid scenario"
    )
    func fuzzFind() async throws {
        let file = Fixtures.packageRoot.appendingPathComponent(
            "Fuzz/regressions/log-import/invalid-scenario-installed-then-deferred")
        let log = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        for draft in [false, true] {
            let importer = SDKLogImporter(name: "fuzz")
            let result: Result<LogImport, LogImportError>
            do {
                result = .success(draft ? try importer.draft(log) : try await importer.importLog(log))
            } catch {
                result = .failure(error)
            }
            #expect(LogPaste.violations(log, result).isEmpty, "\(LogPaste.violations(log, result))")
            let imported = try result.get()
            #expect(imported.scenario["device"]?["state"] == "installed")
            #expect(
                imported.notes.contains {
                    $0.contains("a deferred deep link after conversion data that was not the first launch's")
                })
        }
    }
}
