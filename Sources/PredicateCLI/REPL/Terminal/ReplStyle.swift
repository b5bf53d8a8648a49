/// Colours for a reply on a terminal (ANSI escapes), or none: diagnostics' `error:`,
/// `warning:` and `note:` lines in red, yellow and cyan, a table's header in bold, the count
/// line dimmed. Applied after the session, which only ever produces plain text.
struct ReplStyle {
    /// Whether to colour at all (standard output is a terminal, `NO_COLOR` unset).
    let enabled: Bool

    static let red = "\u{1B}[31m"
    static let yellow = "\u{1B}[33m"
    static let cyan = "\u{1B}[36m"
    static let bold = "\u{1B}[1m"
    static let dim = "\u{1B}[2m"
    static let reset = "\u{1B}[0m"

    /// The prompt: bold when colours are on.
    func prompt(_ text: String) -> String {
        enabled ? Self.bold + text + Self.reset : text
    }

    /// The text of `reply` with colours.
    func styled(_ reply: ReplReply) -> String {
        guard enabled, !reply.text.isEmpty else { return reply.text }
        let lines = reply.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var styled: [String] = []
        for (index, line) in lines.enumerated() {
            let next = index + 1 < lines.count ? lines[index + 1] : ""
            styled.append(style(line, isHeader: !next.isEmpty && next.allSatisfy { $0 == "-" || $0 == " " }))
        }
        return styled.joined(separator: "\n")
    }

    private func style(_ line: String, isHeader: Bool) -> String {
        guard !line.isEmpty else { return line }
        let colour: String?
        if line.hasPrefix("error: ") || line.contains(": error: ") {
            colour = Self.red
        } else if line.hasPrefix("warning: ") || line.contains(": warning: ") {
            colour = Self.yellow
        } else if line.hasPrefix("note: ") || line.contains(": note: ") {
            colour = Self.cyan
        } else if isHeader {
            colour = Self.bold
        } else if Self.isCountLine(line) {
            colour = Self.dim
        } else {
            colour = nil
        }
        return colour.map { $0 + line + Self.reset } ?? line
    }

    /// `3 objects (0.1 ms)`.
    static func isCountLine(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        return words.count >= 2 && Int(words[0]) != nil && (words[1].hasPrefix("object"))
    }
}
