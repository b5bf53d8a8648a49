/// The problems a schema check found, thrown together (never empty when thrown).
///
/// With the source, ``rendered`` shows each with its line and caret:
/// ```
/// 1:1: error: 'Content' has no property 'nmae'
/// nmae == "x"
/// ^^^^
/// note: did you mean 'name'?
/// ```
public struct SchemaCheckError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in source order.
    public var diagnostics: [Diagnostic]
    /// The format string that was checked, when known.
    public var source: String?

    /// Wraps a list of problems.
    public init(_ diagnostics: [Diagnostic], source: String? = nil) {
        self.diagnostics = diagnostics
        self.source = source
    }

    /// Each diagnostic rendered against the source (or as `range: message` without one),
    /// separated by newlines.
    public var rendered: String {
        diagnostics.map { diagnostic in
            guard let source else {
                return ([diagnostic.description] + diagnostic.notes.map { "note: \($0)" }).joined(separator: "\n")
            }
            return diagnostic.render(in: source)
        }.joined(separator: "\n")
    }

    /// The same as ``rendered``.
    public var description: String { rendered }
}
