import Foundation
import PredicateCLI

/// Runs the tool in-process with a buffer, or the built `predicate` executable as a child process.
enum ToolRunner {
    struct Result {
        var status: Int32
        var output: String
        var errorOutput: String
    }

    /// Runs `PredicateTool.run` in-process.
    static func inProcess(_ arguments: [String], input: [String] = []) -> Result {
        let buffer = ToolIOBuffer(inputLines: input)
        let status = PredicateTool.run(arguments, io: buffer.io)
        return Result(status: status, output: buffer.output, errorOutput: buffer.errorOutput)
    }

    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The built `predicate` executable: next to the test bundle, else in `.build/debug`.
    static var executable: URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            packageRoot.appendingPathComponent(".build/debug"),
        ].map { $0.appendingPathComponent("predicate") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs the built executable with `arguments`, feeding `input` on standard input, in
    /// `directory` (the package root unless given).
    static func process(_ arguments: [String], input: String = "", directory: URL? = nil) throws -> Result {
        guard let executable else { throw RunnerError.executableNotBuilt }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errorOutput = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            errorOutput: String(decoding: errorOutput, as: UTF8.self))
    }

    /// Runs `executable` with `arguments` in the package root and standard input closed,
    /// stopping it after `seconds`: `nil` when it had to be stopped (a hang is a failure, never
    /// a wait). For inputs that might never end (`/dev/zero`, a generator): the answer is
    /// checked, not the time.
    static func process(_ executable: URL, _ arguments: [String], timeLimit seconds: Double) throws -> Result? {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        // Read while it runs, so that a full pipe never blocks it.
        let output = Collected(stdout.fileHandleForReading)
        let errorOutput = Collected(stderr.fileHandleForReading)
        guard finished.wait(timeout: .now() + seconds) == .success else {
            process.terminate()
            finished.wait()
            return nil
        }
        return Result(status: process.terminationStatus, output: output.text(), errorOutput: errorOutput.text())
    }

    /// The text of a pipe, read on a thread of its own until it ends.
    final class Collected: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }
        }

        func text() -> String {
            done.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }

    enum RunnerError: Error {
        case executableNotBuilt
    }
}
