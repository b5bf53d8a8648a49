import Diagnostics

extension ToolIO {
    /// The formatter of every diagnostic the tool prints: coloured when standard error is a
    /// terminal that allows colour (``ColorPolicy``, through ``TerminalInfo/errorUsesColor``),
    /// plain in pipes, files and tests.
    var diagnosticFormatter: DiagnosticFormatter { DiagnosticFormatter(colors: terminal.errorUsesColor) }

    /// Prints `diagnostics` on standard error, rendered against `source`, each followed by a
    /// newline. The formatter has escaped the input's control characters already, so its
    /// colour escapes are written as they are.
    func reportDiagnostics(_ diagnostics: [Diagnostic], in source: String?) {
        guard !diagnostics.isEmpty else { return }
        writeError(diagnosticFormatter.format(diagnostics, in: source) + "\n")
    }
}

extension CommandFailure {
    /// A failure reporting `error` through the one formatter (``DiagnosticFormatter``), against
    /// `source` when the error's ranges point into it (the format string).
    init(status: Int32, error: any DiagnosticConvertible, source: String? = nil) {
        self.init(
            status: status,
            message: DiagnosticFormatter().format(error.diagnostics, in: source ?? error.diagnosticSource))
    }
}
