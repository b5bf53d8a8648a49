import Diagnostics

extension ChangeLogError: DiagnosticConvertible {
    /// The catalogue id of the error's case: `change-log-missing`, `change-log-pruned`,
    /// `change-log-unreadable-entry`.
    public var diagnosticID: DiagnosticID {
        switch self {
        case .missing: .changeLogMissing
        case .pruned: .changeLogPruned
        case .unreadableEntry: .changeLogUnreadableEntry
        }
    }

    /// The one diagnostic: the ``description``, without a source range.
    public var diagnostics: [Diagnostic] {
        [Diagnostic(id: diagnosticID, message: description, range: nil)]
    }
}

extension DatabaseStoreError: DiagnosticConvertible {
    /// The catalogue id of the error's case: `database-store-unreadable-objects`.
    public var diagnosticID: DiagnosticID {
        switch self {
        case .unreadableObjects: .databaseStoreUnreadableObjects
        }
    }

    /// The one diagnostic: the ``description``, without a source range.
    public var diagnostics: [Diagnostic] {
        [Diagnostic(id: diagnosticID, message: description, range: nil)]
    }
}
