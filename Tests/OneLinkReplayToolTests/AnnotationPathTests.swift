import Foundation
import OneLinkReplay
import OneLinkTestThreads
import Testing

/// GitHub annotations name files relative to the repository root, also from a package nested in a
/// repository, where the tool runs in the package's folder (issue 41).
@Suite(.timeLimit(.minutes(5))) struct AnnotationPathTests {
    /// A temporary repository (`.git` folder) holding a nested package with a failing scenario.
    struct NestedRepository {
        let root: URL
        let package: URL

        init(gitFile: Bool = false) throws {
            root = try Fixtures.temporaryFolder().appendingPathComponent("repo")
            package = root.appendingPathComponent("Tests/Consumer")
            let scenarios = package.appendingPathComponent("Scenarios")
            try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
            if gitFile {
                // A worktree's or submodule's `.git` is a file naming the real git folder.
                try Data("gitdir: /elsewhere/.git/worktrees/repo\n".utf8)
                    .write(to: root.appendingPathComponent(".git"))
            } else {
                try FileManager.default.createDirectory(
                    at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
            }
            _ = try RunCommandTests.write(ReportFormatTests.failing, named: "failing.json", in: scenarios)
        }
    }

    @Test("a relative path from a nested package's folder becomes the path from the repository root")
    func nestedRelative() {
        #expect(
            GitHubAnnotation.repositoryPath(
                of: "Scenarios/failing.json", workingDirectory: "/work/repo/Tests/Consumer",
                repositoryRoot: "/work/repo") == "Tests/Consumer/Scenarios/failing.json")
        #expect(
            GitHubAnnotation.repositoryPath(
                of: "./Scenarios/../Scenarios/a.json", workingDirectory: "/work/repo/pkg",
                repositoryRoot: "/work/repo/") == "pkg/Scenarios/a.json")
        #expect(
            GitHubAnnotation.repositoryPath(
                of: "/work/repo/pkg/a.json", workingDirectory: "/", repositoryRoot: "/work/repo")
                == "pkg/a.json")
    }

    @Test("a file outside the root, or no root, keeps the path it was given")
    func outsideOrNoRoot() {
        #expect(
            GitHubAnnotation.repositoryPath(
                of: "/elsewhere/a.json", workingDirectory: "/work/repo", repositoryRoot: "/work/repo")
                == "/elsewhere/a.json")
        // A sibling whose name starts with the root's is not inside it.
        #expect(
            GitHubAnnotation.repositoryPath(
                of: "../repository-2/a.json", workingDirectory: "/work/repo", repositoryRoot: "/work/repo")
                == "../repository-2/a.json")
        #expect(
            GitHubAnnotation.repositoryPath(of: "a.json", workingDirectory: "/work/repo", repositoryRoot: nil)
                == "a.json")
    }

    @Test(
        "the root is GITHUB_WORKSPACE when set, else the nearest folder above holding .git (folder or file)")
    func root() throws {
        let repository = try NestedRepository()
        #expect(
            GitHubAnnotation.repositoryRoot(
                environment: ["GITHUB_WORKSPACE": "/runner/work/app/app"], startingAt: repository.package.path
            )
                == "/runner/work/app/app")
        #expect(
            GitHubAnnotation.repositoryRoot(
                environment: ["GITHUB_WORKSPACE": ""], startingAt: repository.package.path)
                == repository.root.path)
        let worktree = try NestedRepository(gitFile: true)
        #expect(
            GitHubAnnotation.repositoryRoot(environment: [:], startingAt: worktree.package.path)
                == worktree.root.path)
        let bare = try Fixtures.temporaryFolder()
        #expect(GitHubAnnotation.repositoryRoot(environment: [:], startingAt: bare.path) == nil)
    }

    /// Runs the built tool in `directory` with `environment` in place of GitHub's variables and
    /// returns the `file` of its first annotation.
    func annotatedFile(in directory: URL, workspace: String?) async throws -> String? {
        let executable = try #require(
            ReplayExecutable.url(),
            "onelink-replay is not built; run `swift build --build-tests` (or `swift build`) first")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["run", "--format", "github", "Scenarios"]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_WORKSPACE"] = workspace
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        // A hung child is terminated after 60 seconds, so the read below ends.
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        let text = try await onThread {
            String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        process.waitUntilExit()
        watchdog.cancel()
        #expect(process.terminationStatus == 1)
        return text.split(separator: "\n").compactMap { WorkflowCommand(String($0)) }.first?.properties[
            "file"]
    }

    @Test("run --format github in a nested package names the file from the repository root")
    func toolInNestedPackage() async throws {
        let repository = try NestedRepository()
        #expect(
            try await annotatedFile(in: repository.package, workspace: nil)
                == "Tests/Consumer/Scenarios/failing.json")
        #expect(
            try await annotatedFile(in: repository.package, workspace: repository.root.path)
                == "Tests/Consumer/Scenarios/failing.json")
        #expect(
            try await annotatedFile(in: repository.package, workspace: repository.package.path)
                == "Scenarios/failing.json")
    }
}
