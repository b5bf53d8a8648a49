/// A line and column in a source text, computed from a UTF-8 byte offset.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in characters.
    public var column: Int
    /// The text of the line, without its terminator.
    public var lineText: String
    /// Byte offset of the location.
    public var offset: Int
    /// Byte offset where the line ends (before its terminator).
    var lineEnd: Int

    /// Locates `offset` (clamped to the text) in `source`.
    public init(offset: Int, in source: String) {
        let bytes = Array(source.utf8)
        let offset = Swift.min(Swift.max(0, offset), bytes.count)
        var lineStart = 0
        var line = 1
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        var lineEnd = offset
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n"), bytes[lineEnd] != UInt8(ascii: "\r") {
            lineEnd += 1
        }
        self.line = line
        self.offset = offset
        self.lineEnd = lineEnd
        self.lineText = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
        let before = String(decoding: bytes[lineStart..<offset], as: UTF8.self)
        self.column = before.count + 1
    }

    /// `line:column`, as diagnostics print it: `1:7`.
    public var description: String { "\(line):\(column)" }

    /// The number of characters in the `count` bytes that start here, cut at the end of the line.
    func characterCount(ofBytes count: Int, in source: String) -> Int {
        let bytes = Array(source.utf8)
        let end = Swift.min(offset + Swift.max(0, count), lineEnd)
        guard end > offset else { return 0 }
        return String(decoding: bytes[offset..<end], as: UTF8.self).count
    }
}
