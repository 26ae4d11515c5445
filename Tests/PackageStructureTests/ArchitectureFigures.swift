import Foundation

/// The figures `Docs/architecture.md` keeps about the sources, computed from `Sources/` rather than
/// kept by hand: the `@unchecked Sendable` declarations, `_modify` accessors, casts to a concrete
/// backend type, and `package` declarations per module.
struct ArchitectureFigures {
    /// `File.swift: declaration` for each `@unchecked Sendable`, sorted.
    var uncheckedSendable: [String] = []
    /// How many `_modify` accessors there are.
    var modifyCount = 0
    /// `File.swift:line: cast` for each cast to a concrete backend type or a capability protocol.
    var concreteCasts: [String] = []
    /// `package` declarations per module.
    var packageDeclarations: [String: Int] = [:]

    /// The casts the figures look for: a concrete in-memory or click-store backend, or a capability
    /// protocol asked of a backend (`as? any DeviceMemory`).
    static let castPattern = try? NSRegularExpression(
        pattern:
            #"as[?!] *(any +)?(InMemory[A-Za-z]*|ClickStore[A-Za-z]*|DeviceMemory|EngineEventReceiver)\b"#)
    static let packagePattern = try? NSRegularExpression(
        pattern:
            #"(^|\s)package +((static|final|mutating|nonmutating|override|convenience|required|lazy|weak) +)*(func|var|let|struct|enum|class|actor|protocol|typealias|init|subscript|case|extension)\b"#
    )

    /// The figures of the Swift files under `sources`, code only (comments and multi-line string
    /// literals, such as a generated package's source, are left out).
    init(sources: URL) throws {
        let files = try ModuleGraph.swiftFiles(in: sources)
        for file in files {
            let relative = file.path.replacingOccurrences(of: sources.path + "/", with: "")
            let module = String(relative.prefix { $0 != "/" })
            var inString = false
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                let quotes = line.components(separatedBy: "\"\"\"").count - 1
                defer { if quotes % 2 == 1 { inString.toggle() } }
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if inString || trimmed.hasPrefix("//") { continue }
                let code = trimmed.components(separatedBy: " //").first ?? trimmed
                let range = NSRange(code.startIndex..., in: code)
                if code.contains("@unchecked Sendable") {
                    let name = file.lastPathComponent
                    let declaration = code.components(separatedBy: "{").first ?? code
                    uncheckedSendable.append("\(name): \(declaration.trimmingCharacters(in: .whitespaces))")
                }
                if code.contains("_modify") { modifyCount += 1 }
                if let match = Self.castPattern?.firstMatch(in: code, range: range),
                    let span = Range(match.range, in: code)
                {
                    concreteCasts.append("\(relative):\(index + 1): \(code[span])")
                }
                if Self.packagePattern?.firstMatch(in: code, range: range) != nil {
                    packageDeclarations[module, default: 0] += 1
                }
            }
        }
        uncheckedSendable.sort()
        concreteCasts.sort()
    }

    /// The block as `Docs/architecture.md` shows it.
    var block: String {
        var lines = ["@unchecked Sendable: \(uncheckedSendable.count)"]
        lines += uncheckedSendable.map { "  \($0)" }
        lines.append("_modify accessors: \(modifyCount)")
        lines.append("casts to a concrete backend or a capability protocol: \(concreteCasts.count)")
        lines += concreteCasts.map { "  \($0)" }
        let total = packageDeclarations.values.reduce(0, +)
        lines.append("package declarations: \(total)")
        lines += packageDeclarations.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }
        return lines.joined(separator: "\n")
    }
}
