/// What the session answers to one line of input: the text to print, whether it reports a
/// failure, and what the terminal layer does next.
///
/// ```
/// predicate> bucket.nmae == 'Inbox'
/// 1:8: error: 'Bucket' has no property 'nmae'        ← text, isError = true
/// bucket.nmae == 'Inbox'
///        ^^^^
/// note: did you mean 'name'?
/// ```
package struct ReplReply: Sendable, Equatable {
    /// The text to print; it carries its own newlines (empty when there is nothing to say).
    package var text: String
    /// Whether the line failed (a parse error, an unknown command, a file that cannot be read).
    package var isError: Bool
    /// The input is not complete yet (a parenthesis or a quote is open): read another line and
    /// hand it to the session too.
    package var needsMore: Bool
    /// The session is over (`:quit`).
    package var quits: Bool
    /// The terminal layer runs ``ReplSession/watch(write:wakingOn:stopRequested:)`` next
    /// (`:watch`): it follows the database until a key or a line ends it.
    package var startsWatch = false
    /// Warnings for standard error, one line each (loading a schema whose inverses do not all
    /// point back); empty when there are none.
    package var warnings: String = ""

    /// Creates a reply.
    package init(_ text: String, isError: Bool = false, needsMore: Bool = false, quits: Bool = false) {
        self.text = text
        self.isError = isError
        self.needsMore = needsMore
        self.quits = quits
    }

    /// A successful reply; a newline is added when `text` does not end with one.
    static func output(_ text: String) -> ReplReply {
        ReplReply(text.isEmpty || text.hasSuffix("\n") ? text : text + "\n")
    }

    /// A failure; `error: ` is put before a message that is not already a rendered diagnostic.
    static func error(_ message: String) -> ReplReply {
        let rendered = message.contains(": error: ") || message.hasPrefix("error: ") ? message : "error: " + message
        return ReplReply(rendered.hasSuffix("\n") ? rendered : rendered + "\n", isError: true)
    }

    /// The reply with `warnings` for standard error.
    func warning(_ warnings: String) -> ReplReply {
        var reply = self
        reply.warnings = warnings
        return reply
    }

    /// Nothing to print.
    static let empty = ReplReply("")
    /// Read another line.
    static let more = ReplReply("", needsMore: true)
}
