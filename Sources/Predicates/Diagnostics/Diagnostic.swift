/// A problem found in a format string, as data: an identifier, a message, where, and notes.
///
/// ``render(in:)`` prints it the way a compiler would:
/// ```
/// 1:6: error: expected an expression after '=='
/// a == )
///      ^
/// ```
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A stable identifier for the kind of problem, e.g. `"unbalanced-parenthesis"`.
    /// Tests and tools may match on it; the message wording may improve over time.
    public var id: String
    /// The human-readable message, quoting the offending text.
    public var message: String
    /// The offending bytes of the source.
    public var range: SourceRange
    /// Further explanations (`did you mean 'name'?`, `the '(' opened here`).
    public var notes: [String]

    /// Creates a diagnostic.
    public init(id: String, message: String, range: SourceRange, notes: [String] = []) {
        self.id = id
        self.message = message
        self.range = range
        self.notes = notes
    }

    public var description: String { "\(range): \(message)" }

    /// The longest source line echoed in full; a longer one is cut to this many characters
    /// around the offending text, with `…` where text was left out (a 1 MB format is not
    /// printed back).
    public static let echoLimit = 160

    /// `line` cut to ``echoLimit`` characters around `column ..< column + width`, with the
    /// column of the offending text in the cut line and how many carets fit.
    static func excerpt(_ line: [Character], column: Int, width: Int) -> (String, Int, Int) {
        guard line.count > echoLimit else { return (String(line), column, width) }
        let context = echoLimit / 4
        let start = Swift.max(0, Swift.min(column - context, line.count - echoLimit))
        let end = Swift.min(line.count, start + echoLimit)
        var text = String(line[start..<end])
        var shift = start
        if start > 0 {
            text = "…" + text
            shift -= 1
        }
        if end < line.count { text += "…" }
        let caretColumn = column - shift
        let carets = Swift.max(1, Swift.min(width, end - column))
        return (text, caretColumn, carets)
    }

    /// Renders the diagnostic against the text it was produced from: `line:column: error:
    /// message`, the source line, and a caret line as wide as the offending text (at least one
    /// caret; a range running past the end of its line is cut at the line's end), then each note
    /// as `note: …`. Lines and columns count from 1; columns count characters. `severity`
    /// replaces the word `error` (`"warning"` for the warnings, such as `surplus-arguments`).
    ///
    /// Nothing of the input reaches the terminal raw: control and bidirectional formatting
    /// characters in the message, the notes and the echoed line are shown escaped
    /// (``TerminalText``: `\x1B`, `\t`), and the caret stands under the escaped text.
    public func render(in source: String, severity: String = "error") -> String {
        let location = SourceLocation(offset: range.lowerBound, in: source)
        var lines = ["\(location.line):\(location.column): \(severity): \(TerminalText.escaped(message))"]
        let width = Swift.max(1, location.characterCount(ofBytes: range.count, in: source))
        // The line as shown, and where the offending characters stand in it.
        var shownLine: [Character] = []
        var shownColumn: Int?
        var shownWidth = 0
        for (index, character) in location.lineText.enumerated() {
            let shown = TerminalText.shown(character)
            if index == location.column - 1 { shownColumn = shownLine.count }
            if index >= location.column - 1, index < location.column - 1 + width { shownWidth += shown.count }
            shownLine += shown
        }
        let (shown, column, carets) = Self.excerpt(
            shownLine, column: shownColumn ?? shownLine.count, width: Swift.max(1, shownWidth))
        lines.append(shown)
        lines.append(String(repeating: " ", count: column) + String(repeating: "^", count: carets))
        lines += notes.map { "note: \(TerminalText.escaped($0))" }
        return lines.joined(separator: "\n")
    }
}

/// A line and column in a source text, computed from a UTF-8 byte offset.
public struct SourceLocation: Sendable, Hashable {
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

    /// The number of characters in the `count` bytes that start here, cut at the end of the line.
    func characterCount(ofBytes count: Int, in source: String) -> Int {
        let bytes = Array(source.utf8)
        let end = Swift.min(offset + Swift.max(0, count), lineEnd)
        guard end > offset else { return 0 }
        return String(decoding: bytes[offset..<end], as: UTF8.self).count
    }
}

/// The error thrown by the parser and by argument or variable substitution.
///
/// It carries the source so that ``rendered`` can show the line and the caret.
public struct PredicateSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problem.
    public var diagnostic: Diagnostic
    /// The format string that was being parsed.
    public var source: String

    /// Creates an error.
    public init(_ diagnostic: Diagnostic, source: String) {
        self.diagnostic = diagnostic
        self.source = source
    }

    /// The full rendering: location, message, source line, caret and notes.
    public var rendered: String { diagnostic.render(in: source) }

    public var description: String { rendered }
}
