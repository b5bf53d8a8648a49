import Diagnostics

extension GraphError: DiagnosticConvertible {
    /// The catalogue id of the error's kind: `graph-` and the kind (`graph-stale-change`).
    public var diagnosticID: DiagnosticID {
        switch kind {
        case .malformedDocument: .graphMalformedDocument
        case .unreadableFile: .graphUnreadableFile
        case .unknownEntity: .graphUnknownEntity
        case .abstractEntity: .graphAbstractEntity
        case .unknownObject: .graphUnknownObject
        case .duplicateObject: .graphDuplicateObject
        case .unknownKey: .graphUnknownKey
        case .invalidValue: .graphInvalidValue
        case .staleChange: .graphStaleChange
        case .conflict: .graphConflict
        case .deleteDenied: .graphDeleteDenied
        }
    }

    /// The one diagnostic: the ``description`` (which names the entity, the object and the
    /// key), without a source range.
    public var diagnostics: [Diagnostic] {
        [Diagnostic(id: diagnosticID, message: description, range: nil)]
    }
}

extension GraphErrors: DiagnosticConvertible {
    /// One diagnostic per problem, in the order found.
    public var diagnostics: [Diagnostic] { errors.flatMap(\.diagnostics) }
}
