/// The problems a schema check found, thrown together (never empty when thrown).
///
/// With the source, ``rendered`` shows each with its line and caret:
/// ```
/// 1:1: error: 'Content' has no property 'nmae'
/// nmae == "x"
/// ^^^^
/// note: did you mean 'name'?
/// ```
public struct SchemaCheckError: DiagnosticConvertible, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in source order.
    public var diagnostics: [Diagnostic]
    /// The format string that was checked, when known.
    public var source: String?

    /// Wraps a list of problems.
    public init(_ diagnostics: [Diagnostic], source: String? = nil) {
        self.diagnostics = diagnostics
        self.source = source
    }

    /// Each diagnostic rendered against the source (``DiagnosticFormatter``), separated by
    /// newlines.
    public var rendered: String { DiagnosticFormatter().format(self) }

    /// The format string.
    public var diagnosticSource: String? { source }

    /// The same as ``rendered``.
    public var description: String { rendered }
}
