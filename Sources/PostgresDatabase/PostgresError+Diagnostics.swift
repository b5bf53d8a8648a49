import Diagnostics

extension PostgresError: DiagnosticConvertible {
    /// One `postgres-error` diagnostic: the ``description`` (SQLSTATE, message and SQL).
    public var diagnostics: [Diagnostic] {
        [Diagnostic(id: .postgresError, message: description, range: nil)]
    }
}
