import Foundation
import OneLinkReplay

/// The machine the figures were measured on.
enum MachineDescription {
    /// Processor count and model, memory, operating system and compiler.
    static var current: String {
        let info = ProcessInfo.processInfo
        var model = "unknown CPU"
        if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let colon = line.firstIndex(of: ":")
        {
            model = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        #if compiler(>=6.3)
            let compiler = "Swift 6.3 or later"
        #else
            let compiler = "Swift before 6.3"
        #endif
        return """
            machine: \(info.activeProcessorCount) cores (\(model)), \
            \(Format.mebibytes(Int(info.physicalMemory))) RAM, \(info.operatingSystemVersionString), \
            built by \(compiler)
            """
    }
}
