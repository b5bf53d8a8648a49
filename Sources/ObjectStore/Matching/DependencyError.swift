import Evaluation
import KeyPaths
import Predicates

/// Why the dependencies of a query cannot be derived: a key path that does not resolve, a
/// relationship without the inverse change matching must walk back, or a construct whose
/// reads cannot be known.
///
/// ```
/// 1:8: error: 'Bucket' has no property 'nmae'
/// bucket.nmae == "Inbox"
///        ^^^^
/// note: did you mean 'name'?
/// ```
public struct DependencyError: DiagnosticConvertible, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The root entity is not in the schema.
        case unknownRootEntity
        /// The predicate does not check against the schema (the ``diagnostics`` say why).
        case invalidPredicate
        /// A key path does not resolve from the root (the ``keyPathError`` says why).
        case unresolvedKeyPath
        /// A relationship along a key path has no inverse.
        case missingInverse
        /// `ANYKEY`, `FUNCTION(SELF, …)`, or `$x.key` with `$x` not bound by a SUBQUERY:
        /// the keys read cannot be known.
        case untrackable
    }

    /// What went wrong.
    public var kind: Kind
    /// The key path concerned, as written: `bucket.nmae`.
    public var keyPath: String?
    /// Where the key path is in the predicate's source, when it came from parsed text.
    public var range: SourceRange?
    /// The resolution error, for `unresolvedKeyPath` and `missingInverse`.
    public var keyPathError: KeyPathError?
    /// The schema check's diagnostics, for `invalidPredicate`.
    public var checkDiagnostics: [Diagnostic]
    /// The explanation.
    public var message: String

    /// Creates an error.
    public init(
        _ kind: Kind, keyPath: String? = nil, range: SourceRange? = nil, keyPathError: KeyPathError? = nil,
        diagnostics: [Diagnostic] = [], message: String
    ) {
        self.kind = kind
        self.keyPath = keyPath
        self.range = range
        self.keyPathError = keyPathError
        self.checkDiagnostics = diagnostics
        self.message = message
    }

    /// `'bucket.nmae': 'Bucket' has no property 'nmae'; did you mean 'name'?`
    public var description: String {
        let text = keyPathError?.suggestion.map { "\(message); \(Suggestion.didYouMean($0))" } ?? message
        return keyPath.map { "'\($0)': \(text)" } ?? text
    }

    /// The catalogue id of the error's kind: `dependency-` and the kind.
    public var diagnosticID: DiagnosticID {
        switch kind {
        case .unknownRootEntity: .dependencyUnknownRootEntity
        case .invalidPredicate: .dependencyInvalidPredicate
        case .unresolvedKeyPath: .dependencyUnresolvedKeyPath
        case .missingInverse: .dependencyMissingInverse
        case .untrackable: .dependencyUntrackable
        }
    }

    /// The schema check's diagnostics for `invalidPredicate`; otherwise one diagnostic at the
    /// key path's ``range`` (the message, with the key path's suggestion as a fix-it), or
    /// naming the key path in its message when there is no range.
    public var diagnostics: [Diagnostic] {
        if !checkDiagnostics.isEmpty { return checkDiagnostics }
        let suggestion = keyPathError?.suggestion
        return [
            Diagnostic(
                id: diagnosticID, message: range == nil ? keyPath.map { "'\($0)': \(message)" } ?? message : message,
                range: range,
                fixIts: suggestion.map { [FixIt(replacing: range, with: $0)] } ?? [])
        ]
    }

    /// The error with the predicate's source line and a caret under the key path
    /// (``DiagnosticFormatter``).
    public func rendered(in source: String) -> String {
        DiagnosticFormatter().format(diagnostics, in: source)
    }
}
