/// A further explanation attached to a ``Diagnostic``, with its own place when it has one.
///
/// ```
/// 1:1: note: the '(' opened here
/// ```
/// A note is written like a string where its place is unknown or irrelevant:
/// `notes: ["write TRUEPREDICATE for a predicate that is always true"]`.
public struct DiagnosticNote: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The explanation.
    public var message: String
    /// The text it points at, when it points somewhere.
    public var range: SourceRange?

    /// Creates a note.
    public init(_ message: String, range: SourceRange? = nil) {
        self.message = message
        self.range = range
    }

    /// A note without a place, from a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The message.
    public var description: String { message }
}

/// An edit that would fix a ``Diagnostic``: put ``replacement`` in place of the text at
/// ``range``. The formatter prints it as `note: did you mean 'name'?`.
public struct FixIt: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The text to replace; `nil` when the fix is known but its place in a source is not
    /// (a key given outside any source text).
    public var range: SourceRange?
    /// The text to write instead.
    public var replacement: String

    /// Creates a fix-it.
    public init(replacing range: SourceRange?, with replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    /// `did you mean 'name'?` (``Suggestion/didYouMean(_:)``).
    public var description: String { Suggestion.didYouMean(replacement) }
}
