import Diagnostics

extension SQLiteError: DiagnosticConvertible {
    /// One `sqlite-error` diagnostic: the ``description`` (code, message and SQL).
    public var diagnostics: [Diagnostic] {
        [Diagnostic(id: .sqliteError, message: description, range: nil)]
    }
}
