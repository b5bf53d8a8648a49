extension KeyPathError: DiagnosticConvertible {
    /// The catalogue id of the error's kind.
    public var diagnosticID: DiagnosticID {
        switch kind {
        case .unknownEntity: .unknownEntity
        case .unknownKey: .unknownKey
        case .attributeNotLast: .notARelationship
        case .unknownOperator, .operatorNeedsCollection, .operatorNeedsKeyPath, .operatorNeedsAttribute,
            .operatorNotLast, .tooManyOperators:
            .invalidCollectionOperator
        case .emptyKeyPath, .emptyComponent, .missingInverse: .invalidKeyPath
        }
    }

    /// The error as a diagnostic of the text at `range` (the offending component, or `nil`
    /// when the key path was not written in a source): the message, the suggestion as a
    /// fix-it of that text, and a note for a collection operator after a single value.
    ///
    /// ```
    /// 1:8: error: 'Bucket' has no property 'nmae'
    /// bucket.nmae
    ///        ^^^^
    /// note: did you mean 'name'?
    /// ```
    public func diagnostic(at range: SourceRange?) -> Diagnostic {
        var notes: [DiagnosticNote] = []
        if kind == .operatorNeedsCollection {
            notes.append("collection operators apply to to-many key paths, e.g. contents.@count")
        }
        let fixIts = suggestion.map { [FixIt(replacing: range, with: $0)] } ?? []
        return Diagnostic(id: diagnosticID, message: message, range: range, notes: notes, fixIts: fixIts)
    }

    /// The one diagnostic, without a range.
    public var diagnostics: [Diagnostic] { [diagnostic(at: nil)] }
}
