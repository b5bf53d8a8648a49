/// Renders diagnostics for people, the way a compiler does: the one renderer of the package
/// (the CLI, ``Diagnostic/render(in:)`` and every error's rendering go through it).
///
/// ```
/// 1:9: error: expected ')' to close '(', found end of input
/// (a == 1
///         ^
/// 1:1: note: the '(' opened here
/// ```
///
/// With a source text and a range: `line:column: severity: message`, the source line, and a
/// caret line as wide as the offending text (at least one caret; a range running past the end
/// of its line is cut at the line's end). Without either: `severity: message`. Then each
/// fix-it as `note: did you mean '…'?` and each note as `note: …`, prefixed by its own
/// `line:column:` when it has a range and the source is known. Lines and columns count from
/// 1; columns count characters.
///
/// Nothing of the input reaches the terminal raw: control and bidirectional formatting
/// characters in messages, notes and the echoed line are shown escaped (``TerminalText``:
/// `\x1B`, `\t`), and the caret stands under the escaped text. With ``colors``, the severity
/// words and the carets are coloured with ANSI escapes (the caller decides, e.g. by the
/// `NO_COLOR` convention).
public struct DiagnosticFormatter: Sendable {
    /// Whether to colour severities and carets with ANSI escape sequences.
    public var colors: Bool

    /// A formatter, without colour unless asked.
    public init(colors: Bool = false) {
        self.colors = colors
    }

    /// The longest source line echoed in full; a longer one is cut to this many characters
    /// around the offending text, with `…` where text was left out.
    public static let echoLimit = 160

    /// Every diagnostic of `error`, against its own source text when it has one.
    public func format(_ error: any DiagnosticConvertible) -> String {
        format(error.diagnostics, in: error.diagnosticSource)
    }

    /// The diagnostics rendered against `source` (`nil`: no source line), one after another,
    /// separated by newlines, without a final newline.
    public func format(_ diagnostics: [Diagnostic], in source: String?) -> String {
        diagnostics.map { render($0, in: source) }.joined(separator: "\n")
    }

    /// One line for places where a caret cannot be drawn (a field of JSON output):
    /// `line:column: message`, or the message alone without a source or a range. Not escaped:
    /// the structured output it goes into escapes it.
    public func line(_ diagnostic: Diagnostic, in source: String?) -> String {
        let message = diagnostic.message
        guard let source, let range = diagnostic.range else { return message }
        return "\(SourceLocation(offset: range.lowerBound, in: source)): \(message)"
    }

    private func render(_ diagnostic: Diagnostic, in source: String?) -> String {
        var lines: [String] = []
        let severity = paint(diagnostic.severity.description + ":", Self.color(of: diagnostic.severity))
        let message = TerminalText.escaped(diagnostic.message)
        if let source, let range = diagnostic.range {
            let location = SourceLocation(offset: range.lowerBound, in: source)
            lines.append("\(location): \(severity) \(message)")
            let (shown, column, carets) = Self.caretLine(for: range, at: location, in: source)
            lines.append(shown)
            lines.append(String(repeating: " ", count: column) + paint(String(repeating: "^", count: carets), "32"))
        } else {
            lines.append("\(severity) \(message)")
        }
        let note = paint("note:", "36")
        lines += diagnostic.fixIts.map { "\(note) \(TerminalText.escaped($0.description))" }
        for each in diagnostic.notes {
            let text = "\(note) \(TerminalText.escaped(each.message))"
            if let source, let range = each.range {
                lines.append("\(SourceLocation(offset: range.lowerBound, in: source)): " + text)
            } else {
                lines.append(text)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The source line as shown (escaped, cut to ``echoLimit``), the column of the caret in
    /// it and how many carets.
    private static func caretLine(for range: SourceRange, at location: SourceLocation, in source: String)
        -> (String, Int, Int)
    {
        let width = Swift.max(1, location.characterCount(ofBytes: range.count, in: source))
        var shownLine: [Character] = []
        var shownColumn: Int?
        var shownWidth = 0
        for (index, character) in location.lineText.enumerated() {
            let shown = TerminalText.shown(character)
            if index == location.column - 1 { shownColumn = shownLine.count }
            if index >= location.column - 1, index < location.column - 1 + width { shownWidth += shown.count }
            shownLine += shown
        }
        return excerpt(shownLine, column: shownColumn ?? shownLine.count, width: Swift.max(1, shownWidth))
    }

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

    /// The ANSI colour of a severity word: red, yellow, blue.
    private static func color(of severity: DiagnosticSeverity) -> String {
        switch severity {
        case .error: "1;31"
        case .warning: "1;33"
        case .remark: "1;34"
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
