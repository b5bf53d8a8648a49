import Diagnostics

/// The error thrown by the parser and by argument or variable substitution.
///
/// It carries the source so that ``rendered`` can show the line and the caret.
public struct PredicateSyntaxError: DiagnosticConvertible, Sendable, Hashable, CustomStringConvertible {
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

    /// The one diagnostic.
    public var diagnostics: [Diagnostic] { [diagnostic] }

    /// The format string.
    public var diagnosticSource: String? { source }
}
