import Predicates

/// A predicate (or a part of it) that cannot be lowered to SQL with exactly the in-memory
/// semantics. The lowering refuses rather than return different rows; the message names the
/// construct and the range points at it.
///
/// ```
/// 1:1: error: 'ANY contents.tags.name' goes through two to-many relationships; in memory it compares collections, which SQL cannot; use SUBQUERY
/// ANY contents.tags.name == 'x'
/// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
/// ```
public struct SQLLoweringError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier, one of:
    ///
    /// | id | the lowering refuses |
    /// |---|---|
    /// | `sql-unsupported` | a construct SQL cannot compute as memory does (the default) |
    /// | `sql-not-stored` | an entity, attribute or relationship the mapping does not store as it needs |
    /// | `sql-variable` | a `$variable` without a value |
    /// | `sql-invalid-pattern` | a LIKE or MATCHES pattern that memory refuses too |
    /// | `sql-evaluation` | constants whose evaluation fails in memory, as it would for every object |
    /// | `sql-sort-key` | a sort key that does not resolve or cannot order (a to-many step) |
    /// | `sql-window` | a negative limit or offset |
    /// | `sql-dialect` | a function or collation the dialect lacks (rendering) |
    public var id: String
    /// What cannot be lowered, and why.
    public var message: String
    /// Where it is written, when known.
    public var range: SourceRange?

    /// Creates an error.
    public init(id: String = "sql-unsupported", message: String, range: SourceRange?) {
        self.id = id
        self.message = message
        self.range = range
    }

    /// `sql-unsupported: …`.
    public var description: String { "\(id): \(message)" }

    /// The error as a diagnostic, for rendering with a caret (at `0..<0` without a range).
    public var diagnostic: Diagnostic { Diagnostic(id: id, message: message, range: range ?? SourceRange(0, 0)) }

    /// The error rendered against the predicate's source text.
    public func rendered(in source: String) -> String {
        range == nil ? description : diagnostic.render(in: source)
    }
}
