/// A problem found in a format string, a schema, a file, a query or a database, as data: an
/// identifier from the catalogue (``DiagnosticID``), a severity, a message, where it is, notes
/// and fix-its.
///
/// ``DiagnosticFormatter`` prints it the way a compiler would:
/// ```
/// 1:1: error: 'Content' has no property 'nmae'
/// nmae == "x"
/// ^^^^
/// note: did you mean 'name'?
/// ```
///
/// A diagnostic says where only through its ranges: the message never carries a position,
/// so that every front end (the CLI, an editor, a test) places it the same way.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kind of problem, from the catalogue (``DiagnosticID``). Tests and tools match on
    /// it; the message wording may improve over time.
    public var id: DiagnosticID
    /// Whether it stops the work (an error) or only informs (a warning, a remark).
    public var severity: DiagnosticSeverity
    /// The human-readable message, quoting the offending text.
    public var message: String
    /// The offending bytes of the source; `nil` for a problem with no source text (a file
    /// that cannot be read, a database failure).
    public var range: SourceRange?
    /// Further explanations, each with its own place when it has one (`the '(' opened here`).
    public var notes: [DiagnosticNote]
    /// Edits that would fix the problem (`did you mean 'name'?`).
    public var fixIts: [FixIt]

    /// Creates a diagnostic.
    public init(
        id: DiagnosticID, severity: DiagnosticSeverity = .error, message: String, range: SourceRange?,
        notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
    ) {
        self.id = id
        self.severity = severity
        self.message = message
        self.range = range
        self.notes = notes
        self.fixIts = fixIts
    }

    /// `range: message` (`7..<11: 'Bucket' has no property 'nmae'`), or the message alone
    /// without a range.
    public var description: String {
        range.map { "\($0): \(message)" } ?? message
    }

    /// The diagnostic rendered against the text it was produced from, without colour: a
    /// forward to ``DiagnosticFormatter/format(_:in:)``.
    public func render(in source: String) -> String {
        DiagnosticFormatter().format([self], in: source)
    }

    /// The longest source line echoed in full; a longer one is cut to this many characters
    /// around the offending text, with `…` where text was left out (a 1 MB format is not
    /// printed back).
    public static let echoLimit = DiagnosticFormatter.echoLimit
}
