import Foundation
import OneLinkEmulator

/// Pastes a log the way people paste one, and checks what importing the paste must keep.
///
/// The property of issue 49: a log cut at random points, with random lines dropped, random blocks
/// abridged mid-value, long lines wrapped or cut at a fixed width, and its prefixes stripped or
/// changed, still imports with every callback line it still shows as an expectation, as a scenario
/// that decodes. `LogPastePropertyTests` runs it over the corpus with a fixed seed;
/// `Fuzz/targets/log-import-paste.swift` runs it with libFuzzer choosing the cuts. The reading of
/// callback lines here is the property's own, not the importer's.
package enum LogPaste {
    /// One way the paste changed the log, for a failure's report.
    package struct Pasted: Sendable {
        /// The pasted text.
        package var text: String
        /// What was done to the log, in order, such as `wrap at 80`.
        package var changes: [String]
    }

    /// `log` pasted with changes chosen by `random`: at least one of them, often several.
    package static func paste(_ log: String, using random: inout some RandomNumberGenerator) -> Pasted {
        var lines = log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var changes: [String] = []
        let chosen = (0..<6).map { _ in Bool.random(using: &random) }
        let any = chosen.contains(true) ? chosen : [false, true, false, false, false, false]
        if any[0] {
            let style = PrefixStyle.allCases.randomElement(using: &random) ?? .strip
            lines = lines.map { restyle($0, style, using: &random) }
            changes.append("prefixes: \(style)")
        }
        if any[1] {
            let (abridged, count) = abridge(lines, using: &random)
            lines = abridged
            changes.append("abridge \(count) blocks")
        }
        if any[2] {
            let rate = Double.random(in: 0.02...0.3, using: &random)
            let before = lines.count
            lines = lines.filter { _ in Double.random(in: 0..<1, using: &random) >= rate }
            changes.append("drop \(before - lines.count) lines")
        }
        if any[3] {
            let width = [48, 64, 80, 100, 120, 160, 200].randomElement(using: &random) ?? 80
            if Bool.random(using: &random) {
                lines = lines.flatMap { wrap($0, at: width) }
                changes.append("wrap at \(width)")
            } else {
                lines = lines.map { String($0.prefix(width)) }
                changes.append("cut lines at \(width)")
            }
        }
        var text = lines.joined(separator: "\n")
        if any[4] || any[5] {
            let characters = Array(text)
            var start = 0
            var end = characters.count
            if any[4], !characters.isEmpty {
                start = Int.random(in: 0...(characters.count * 3 / 10), using: &random)
            }
            if any[5], end > start {
                end =
                    characters.count
                    - Int.random(in: 0...((characters.count - start) * 3 / 10), using: &random)
            }
            text = String(characters[start..<max(start, end)])
            changes.append("cut at characters \(start) and \(end) of \(characters.count)")
        }
        return Pasted(text: text, changes: changes)
    }

    /// How a paste's prefixes change.
    enum PrefixStyle: CaseIterable {
        /// Every console prefix and the SDK's tag off, as when someone copies the messages only.
        case strip
        /// The time and process off, the SDK's tag kept.
        case stripTime
        /// Xcode's time and process as Console's export writes them, tab-separated.
        case console
        /// Every prefix replaced by a plugin's own.
        case plugin
        /// The SDK's tag and queue as the 6.x message prefix.
        case messagePrefix
        /// Each line's prefix stripped or kept at random.
        case mixed
    }

    /// A line with its prefix changed as `style` says.
    static func restyle(
        _ line: String, _ style: PrefixStyle, using random: inout some RandomNumberGenerator
    ) -> String {
        let (time, afterTime) = xcodePrefix(line)
        let (tag, message) = sdkTag(afterTime)
        switch style {
        case .strip: return message
        case .stripTime: return afterTime
        case .console:
            guard let time else { return line }
            return "default\t\(time)\tApp\t\(afterTime)"
        case .plugin:
            return time == nil && tag == nil
                ? line : "flutter: " + (tag == nil ? afterTime : "[DEBUG] AppsFlyer: " + message)
        case .messagePrefix:
            guard tag != nil else { return line }
            return (time.map { "\($0) App[1:2] " } ?? "") + "[DEBUG] AppsFlyer: " + message
        case .mixed:
            return Bool.random(using: &random) ? message : line
        }
    }

    /// Xcode's `2022-11-15 12:59:54.684544+0300 App[14722:3376118] `: the time, and the line after the prefix.
    static func xcodePrefix(_ line: String) -> (time: String?, rest: String) {
        let characters = Array(line.prefix(160))
        guard characters.count > 20, characters[4] == "-", characters[7] == "-", characters[10] == " ",
            characters[0...3].allSatisfy(\.isNumber), characters[13] == ":"
        else { return (nil, line) }
        guard let space = characters[11...].firstIndex(of: " ") else { return (nil, line) }
        let head = String(characters[..<min(characters.count, space + 100)])
        guard let close = head.range(of: "] ") else { return (nil, line) }
        let time = String(characters[11..<space])
        return (time, String(line.dropFirst(head.distance(from: head.startIndex, to: close.upperBound))))
    }

    /// The SDK's `[AppsFlyerSDK] [queue] ` tag, and the message after it.
    static func sdkTag(_ line: String) -> (tag: String?, message: String) {
        guard line.hasPrefix("[AppsFlyerSDK] ") else { return (nil, line) }
        var rest = line.dropFirst("[AppsFlyerSDK] ".count)
        if rest.first == "[", let close = rest.prefix(64).range(of: "] ") { rest = rest[close.upperBound...] }
        return (String(line[..<rest.startIndex]), String(rest))
    }

    /// A terminal's wrapping: the line in pieces of `width` characters, every character kept.
    static func wrap(_ line: String, at width: Int) -> [String] {
        guard line.count > width else { return [line] }
        var pieces: [String] = []
        var rest = Substring(line)
        while !rest.isEmpty {
            pieces.append(String(rest.prefix(width)))
            rest = rest.dropFirst(width)
        }
        return pieces
    }

    /// Blocks cut mid-value as people abridge them: a dictionary or JSON spanning lines, or JSON on one long line,
    /// cut inside, with an ellipsis or nothing after the cut, and the rest of the block left out.
    static func abridge(
        _ lines: [String], using random: inout some RandomNumberGenerator
    ) -> ([String], Int) {
        var result: [String] = []
        var count = 0
        var index = 0
        let marks = ["", "…", " ...", "...", " (truncated)"]
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasSuffix("{") || trimmed.hasSuffix("("), let end = blockEnd(lines, from: index),
                end > index + 1, Int.random(in: 0..<3, using: &random) == 0
            {
                // Keep the opening line and some of the block, cutting the last kept line inside its value.
                let cutLine = Int.random(in: (index + 1)..<end, using: &random)
                result.append(contentsOf: lines[index..<cutLine])
                let inside = Array(lines[cutLine])
                let at = inside.isEmpty ? 0 : Int.random(in: 0..<inside.count, using: &random)
                result.append(String(inside[..<at]) + (marks.randomElement(using: &random) ?? ""))
                index = end + 1
                count += 1
                continue
            }
            if line.count > 120, let brace = line.firstIndex(of: "{"),
                Int.random(in: 0..<4, using: &random) == 0
            {
                let characters = Array(line)
                let from = line.distance(from: line.startIndex, to: brace) + 1
                if from < characters.count {
                    let at = Int.random(in: from..<characters.count, using: &random)
                    result.append(String(characters[..<at]) + (marks.randomElement(using: &random) ?? ""))
                    count += 1
                    index += 1
                    continue
                }
            }
            result.append(line)
            index += 1
        }
        return (result, count)
    }

    /// The line that closes the block `lines[start]` opens, counting brackets outside quotes.
    static func blockEnd(_ lines: [String], from start: Int) -> Int? {
        var depth = 0
        for index in start..<min(lines.count, start + 400) {
            var quoted = false
            for character in lines[index] {
                if character == "\"" { quoted.toggle() }
                if quoted { continue }
                if character == "{" || character == "(" { depth += 1 }
                if character == "}" || character == ")" { depth -= 1 }
            }
            if depth <= 0, index > start { return index }
        }
        return nil
    }

    /// The callback lines a log shows, by callback: the SDK's `Calling … with:` and `-[… method:]` lines and the
    /// lines of a callback that found no delegate, each physical line counted once.
    package static func callbackLines(_ log: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in log.split(separator: "\n") {
            if line.contains("Calling didResolveDeepLink with:")
                || line.contains("Delegate doesn't respond to")
            {
                counts["didResolveDeepLink", default: 0] += 1
                continue
            }
            for name in [
                "onConversionDataSuccess", "onConversionDataFail", "onAppOpenAttributionFailure",
                "onAppOpenAttribution",
            ] where line.contains(" \(name):]") || line.contains("Calling \(name) with:") {
                counts[name, default: 0] += 1
                break
            }
        }
        return counts
    }

    /// The expectations of an imported scenario, by output.
    package static func expectations(_ imported: LogImport) -> [String: Int] {
        var counts: [String: Int] = [:]
        for step in imported.scenario["steps"]?.arrayValue ?? [] {
            for expectation in step["expect"]?.arrayValue ?? [] {
                if let output = expectation["output"]?.stringValue { counts[output, default: 0] += 1 }
            }
        }
        return counts
    }

    /// What importing `pasted` broke of the property, empty when nothing: a callback line lost, a scenario that does
    /// not decode, a refusal of a paste that shows a callback line, or a refusal other than "nothing usable" or
    /// "an Android log" (the dev hub's UDL sample has an Android line in it).
    package static func violations(_ pasted: String, _ result: Result<LogImport, LogImportError>) -> [String]
    {
        let shown = callbackLines(pasted)
        switch result {
        case .failure(let error):
            if !shown.isEmpty { return ["refused a paste with callback lines \(shown): \(error)"] }
            switch error {
            case .nothingUsable, .androidLog: return []
            case .tooLarge, .noValidScenario: return ["refused with \(error)"]
            }
        case .success(let imported):
            var problems: [String] = []
            do {
                _ = try Scenario(document: imported.scenario, file: "paste.json")
            } catch {
                problems.append("the scenario does not decode: \(error)")
            }
            let expected = expectations(imported)
            for (callback, count) in shown.sorted(by: { $0.key < $1.key })
            where (expected[callback] ?? 0) < count {
                problems.append("\(count) \(callback) lines, \(expected[callback] ?? 0) expectations")
            }
            return problems
        }
    }
}

/// A seeded generator (SplitMix64) for pastes that repeat: the property test's fixed seed.
package struct PasteRandom: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose numbers follow from `seed`.
    package init(seed: UInt64) { state = seed }

    /// A generator whose numbers are `bytes`, eight at a time, then numbers that follow from them: libFuzzer's input
    /// chooses the cuts, so its mutations explore them.
    package init(bytes: some Collection<UInt8>) {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for byte in bytes { seed = (seed ^ UInt64(byte)) &* 0x1000_0000_01B3 }
        state = seed
        queued = Array(bytes)
    }

    private var queued: [UInt8] = []
    private var position = 0

    /// The next number.
    package mutating func next() -> UInt64 {
        if position + 8 <= queued.count {
            var value: UInt64 = 0
            for byte in queued[position..<(position + 8)] { value = value << 8 | UInt64(byte) }
            position += 8
            return value
        }
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
