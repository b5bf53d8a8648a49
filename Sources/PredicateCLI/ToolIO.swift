import Foundation

/// Everything a command reads and writes. Commands never touch the terminal directly, so the
/// whole tool runs in tests with strings in and strings out.
package struct ToolIO {
    /// Reads one line of standard input without its terminator; `nil` at end of input.
    package var readLine: () -> String?
    /// Writes text to standard output (the text carries its own newlines).
    package var write: (String) -> Void
    /// Writes text to standard error.
    package var writeError: (String) -> Void

    /// Creates an IO from three closures.
    package init(
        readLine: @escaping () -> String?, write: @escaping (String) -> Void,
        writeError: @escaping (String) -> Void
    ) {
        self.readLine = readLine
        self.write = write
        self.writeError = writeError
    }

    /// The process's standard streams.
    package static var standard: ToolIO {
        ToolIO(
            readLine: { Swift.readLine(strippingNewline: true) },
            write: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) })
    }
}

/// An in-memory ``ToolIO`` for tests: input lines are given up front, output is collected.
package final class ToolIOBuffer {
    /// The lines still to be read.
    package var inputLines: [String]
    /// Everything written to standard output.
    package private(set) var output = ""
    /// Everything written to standard error.
    package private(set) var errorOutput = ""

    /// Creates a buffer that will serve `inputLines` as standard input.
    package init(inputLines: [String] = []) {
        self.inputLines = inputLines
    }

    /// An IO reading from and writing to this buffer.
    package var io: ToolIO {
        ToolIO(
            readLine: { [self] in inputLines.isEmpty ? nil : inputLines.removeFirst() },
            write: { [self] in output += $0 },
            writeError: { [self] in errorOutput += $0 })
    }
}
