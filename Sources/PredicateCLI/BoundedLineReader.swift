import Foundation
import KeyPaths

/// One line of input as ``ToolIO/readBoundedLine`` returns it.
public enum InputLine: Sendable, Hashable {
    /// A line, without its terminator (`\n` or `\r\n`).
    case line(String)
    /// A line longer than the limit: it was skipped up to its end. `bytes` is its length
    /// (without the terminator).
    case tooLong(bytes: Int)
    /// A line that is not UTF-8 text: `byte` at `column` (in characters, from 1) does not
    /// belong to a UTF-8 character. `repaired` is the line with each bad sequence replaced by
    /// U+FFFD, for readers that show text rather than read it (the REPL's line editor).
    case notUTF8(byte: UInt8, column: Int, repaired: String)
}

/// Splits a byte stream into lines while holding at most one line (up to a limit) and one
/// chunk of input in memory: a stream without a newline is skipped in chunks instead of being
/// buffered until memory runs out.
///
/// ```swift
/// let reader = BoundedLineReader(read: BoundedLineReader.readStandardInput)
/// reader.nextLine(maximumBytes: 16 << 20)   // .line("{\"id\": 1, …}"), .tooLong(bytes: 20000000), nil at the end
/// ```
final class BoundedLineReader {
    /// The size of one read.
    static let chunkSize = 65_536

    /// Fills the buffer it is given with the next bytes; returns how many (0 at the end of the
    /// input; a negative count is treated as the end).
    typealias Source = (UnsafeMutableRawBufferPointer) -> Int

    private let read: Source
    private var buffer: [UInt8] = []
    /// Where the next line starts in `buffer`.
    private var start = 0
    private var atEnd = false

    init(read: @escaping Source) {
        self.read = read
    }

    /// The next line, or `nil` at the end of the input. A line of more than `maximumBytes` bytes
    /// (not counting its `\n`) is `.tooLong`.
    func nextLine(maximumBytes: Int) -> InputLine? {
        var scanned = start
        var skipped = 0
        while true {
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let length = newline - start
                defer { start = newline + 1 }
                if skipped > 0 || length > maximumBytes { return .tooLong(bytes: skipped + length) }
                return line(start..<newline)
            }
            if buffer.count - start > maximumBytes {
                // Too long already: forget what is buffered and skip to the next newline.
                skipped += buffer.count - start
                buffer.removeAll(keepingCapacity: true)
                start = 0
            } else if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            scanned = buffer.count
            if atEnd {
                let length = buffer.count - start
                defer {
                    buffer.removeAll()
                    start = 0
                }
                if skipped > 0 { return .tooLong(bytes: skipped + length) }
                return length == 0 ? nil : line(start..<buffer.count)
            }
            fill()
        }
    }

    /// Whether the next line (or the end of the input) is buffered: ``nextLine(maximumBytes:)``
    /// returns it without reading.
    var hasBufferedLine: Bool { atEnd || buffer[start...].contains(UInt8(ascii: "\n")) }

    /// The bytes reserved for buffering now (for tests: it stays within the limit plus a chunk).
    var bufferCapacity: Int { buffer.capacity }

    /// Appends the next chunk; sets `atEnd` when there is none.
    private func fill() {
        let before = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: Self.chunkSize))
        let count = buffer.withUnsafeMutableBytes { bytes in
            read(UnsafeMutableRawBufferPointer(rebasing: bytes[before...]))
        }
        buffer.removeSubrange((before + Swift.max(0, count))...)
        if count <= 0 { atEnd = true }
    }

    /// The bytes as a line without a trailing `\r`: its text, or where it is not UTF-8 (the
    /// rule of every input: bad bytes are named, never read as U+FFFD).
    private func line(_ range: Range<Int>) -> InputLine {
        var end = range.upperBound
        if end > range.lowerBound, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let bytes = buffer[range.lowerBound..<end]
        if let text = String(validating: bytes, as: UTF8.self) { return .line(text) }
        let repaired = String(decoding: bytes, as: UTF8.self)
        guard let found = TextEncoding.firstInvalidByte(in: bytes) else { return .line(repaired) }
        return .notUTF8(byte: found.byte, column: found.column, repaired: repaired)
    }

    /// Reads the process's standard input (file descriptor 0), retrying when interrupted.
    static func readStandardInput(_ bytes: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = Foundation.read(0, bytes.baseAddress, bytes.count)
            if count < 0, errno == EINTR { continue }
            return count
        }
    }
}
