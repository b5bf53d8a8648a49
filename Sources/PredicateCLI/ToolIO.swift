import Foundation
import Predicates

/// Everything a command reads and writes. Commands never touch the terminal directly, so the
/// whole tool runs in tests with strings in and strings out.
package struct ToolIO {
    /// Reads one line of standard input without its terminator; `nil` at end of input.
    package var readLine: () -> String?
    /// Writes text to standard output (the text carries its own newlines).
    package var write: (String) -> Void
    /// Writes text to standard error.
    package var writeError: (String) -> Void
    /// Reads one line of at most the given number of bytes (not counting the line break); a
    /// longer line is skipped to its end and reported as ``InputLine/tooLong(bytes:)``, so
    /// memory stays bounded whatever the input. `nil` at end of input.
    package var readBoundedLine: (_ maximumBytes: Int) -> InputLine?
    /// What standard input and output are connected to: the REPL edits lines and prints a
    /// banner only on a terminal, and colours only when allowed. ``TerminalInfo/none`` unless
    /// set (tests, pipes).
    package var terminal = TerminalInfo.none
    /// The width of the terminal standard output is, read when asked (the REPL fits its tables
    /// to it); `nil` when it is not a terminal, and unless set (tests, pipes).
    package var terminalWidth: @Sendable () -> Int? = { nil }
    /// Whether a line of standard input, or its end, can be read now without waiting (the
    /// REPL's `:watch` follows a database until then). `true` unless set: the lines of tests
    /// and closures are all there from the start.
    package var hasInput: () -> Bool = { true }
    /// The file descriptor standard input is read from, for a wait that must also wake on
    /// input (``ChangeLogWaiting``); `nil` unless set.
    package var inputDescriptor: Int32?

    /// Creates an IO from closures. Without `readBoundedLine`, bounded lines are read with
    /// `readLine` and measured afterwards. `terminal` is ``TerminalInfo/none`` and
    /// `terminalWidth` `nil` unless given.
    package init(
        readLine: @escaping () -> String?, write: @escaping (String) -> Void,
        writeError: @escaping (String) -> Void, readBoundedLine: ((_ maximumBytes: Int) -> InputLine?)? = nil,
        terminal: TerminalInfo = .none, terminalWidth: @escaping @Sendable () -> Int? = { nil }
    ) {
        self.terminal = terminal
        self.terminalWidth = terminalWidth
        self.readLine = readLine
        self.write = write
        self.writeError = writeError
        self.readBoundedLine =
            readBoundedLine ?? { limit in
                readLine().map { line in
                    let bytes = line.utf8.count
                    return bytes > limit ? .tooLong(bytes: bytes) : .line(line)
                }
            }
    }

    /// The process's standard streams. Standard input is read in chunks of 64 KiB by one
    /// reader shared by `readLine` and `readBoundedLine`.
    package static var standard: ToolIO {
        let reader = BoundedLineReader(read: BoundedLineReader.readStandardInput)
        var io = ToolIO(
            readLine: {
                switch reader.nextLine(maximumBytes: Int.max) {
                case .line(let line)?, .notUTF8(_, _, let line)?: line
                case .tooLong?, nil: nil
                }
            },
            write: { Self.writeStandardOutput($0) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) },
            readBoundedLine: { reader.nextLine(maximumBytes: $0) }, terminal: .current,
            terminalWidth: { TerminalWidth.standardOutput() })
        io.hasInput = { reader.hasBufferedLine || ChangeLogWaiting.isReadable(0, waitingUpTo: 0) }
        io.inputDescriptor = 0
        return io
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

extension ToolIO {
    /// Writes `text` to standard output without copying it into a `Data` first (the output of
    /// `eval --data` on a large file is as large as the file).
    private static func writeStandardOutput(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return }
            FileHandle.standardOutput.write(
                Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: buffer.count, deallocator: .none))
        }
    }
}

extension ToolIO {
    /// Writes an error message to standard error with the characters of the input a terminal
    /// would obey escaped (``TerminalText``: an escape sequence in a file name, a JSON key or
    /// an argument is shown as `\x1B[2J`, not run); lines and tabs are kept. Every command
    /// reports its failures through here; diagnostics rendered with a caret are escaped by
    /// ``DiagnosticFormatter`` already (escaping twice changes nothing).
    package func reportError(_ text: String) {
        writeError(TerminalText.escaped(text, keepingLines: true))
    }
}
