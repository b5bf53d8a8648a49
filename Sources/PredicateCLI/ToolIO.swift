import Foundation

/// Everything a command reads and writes. Commands never touch the terminal directly, so the
/// whole tool runs in tests with strings in and strings out.
public struct ToolIO {
    /// Reads one line of standard input without its terminator; `nil` at end of input.
    public var readLine: () -> String?
    /// Writes text to standard output (the text carries its own newlines).
    public var write: (String) -> Void
    /// Writes text to standard error.
    public var writeError: (String) -> Void

    /// Creates an IO from three closures.
    public init(
        readLine: @escaping () -> String?, write: @escaping (String) -> Void,
        writeError: @escaping (String) -> Void
    ) {
        self.readLine = readLine
        self.write = write
        self.writeError = writeError
    }

    /// The process's standard streams.
    public static var standard: ToolIO {
        ToolIO(
            readLine: { Swift.readLine(strippingNewline: true) },
            write: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) })
    }
}

/// An in-memory ``ToolIO`` for tests: input lines are given up front, output is collected.
public final class ToolIOBuffer {
    /// The lines still to be read.
    public var inputLines: [String]
    /// Everything written to standard output.
    public private(set) var output = ""
    /// Everything written to standard error.
    public private(set) var errorOutput = ""

    /// Creates a buffer that will serve `inputLines` as standard input.
    public init(inputLines: [String] = []) {
        self.inputLines = inputLines
    }

    /// An IO reading from and writing to this buffer.
    public var io: ToolIO {
        ToolIO(
            readLine: { [self] in inputLines.isEmpty ? nil : inputLines.removeFirst() },
            write: { [self] in output += $0 },
            writeError: { [self] in errorOutput += $0 })
    }
}
