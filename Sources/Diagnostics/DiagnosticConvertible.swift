/// An error that describes itself as diagnostics: every error type of the package conforms,
/// so a front end reports any of them one way (``DiagnosticFormatter/format(_:)``).
///
/// ```swift
/// do { try something() } catch let error as any DiagnosticConvertible {
///     print(DiagnosticFormatter().format(error))
/// }
/// ```
public protocol DiagnosticConvertible: Error {
    /// The problems, in the order found; never empty.
    var diagnostics: [Diagnostic] { get }
    /// The text the diagnostics' ranges point into, when the error knows it (the format string
    /// of a syntax error); `nil` otherwise, and the formatter then prints no source line.
    var diagnosticSource: String? { get }
}

extension DiagnosticConvertible {
    /// Errors that do not carry their source text: `nil`.
    public var diagnosticSource: String? { nil }
}
