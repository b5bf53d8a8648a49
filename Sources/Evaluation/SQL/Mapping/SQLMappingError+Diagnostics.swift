import Diagnostics

extension SQLMappingError: DiagnosticConvertible {
    /// The catalogue id of the error's kind: `sql-mapping-` and the kind.
    public var diagnosticID: DiagnosticID {
        switch kind {
        case .invalidSchema: .sqlMappingInvalidSchema
        case .duplicateColumn: .sqlMappingDuplicateColumn
        case .duplicateTable: .sqlMappingDuplicateTable
        case .misplacedOverride: .sqlMappingMisplacedOverride
        case .emptyName: .sqlMappingEmptyName
        }
    }

    /// The one diagnostic: the ``description`` (which names the entity and property).
    public var diagnostics: [Diagnostic] {
        [Diagnostic(id: diagnosticID, message: description, range: nil)]
    }
}

extension SQLMappingErrors: DiagnosticConvertible {
    /// One diagnostic per problem, in schema order.
    public var diagnostics: [Diagnostic] { errors.flatMap(\.diagnostics) }
}

extension SQLStoreMetadataError: DiagnosticConvertible {
    /// The one diagnostic, `sql-store-metadata`.
    public var diagnostics: [Diagnostic] {
        [Diagnostic(id: .sqlStoreMetadata, message: description, range: nil)]
    }
}

extension SQLStoreMismatch: DiagnosticConvertible {
    /// One `sql-store-mismatch` diagnostic: the ``description`` (the first difference and how
    /// many others there are), with every difference as a note.
    public var diagnostics: [Diagnostic] {
        [
            Diagnostic(
                id: .sqlStoreMismatch, message: description, range: nil,
                notes: differences.dropFirst().map { DiagnosticNote($0) })
        ]
    }
}
