// The diagnostic model (Diagnostic, SourceRange, DiagnosticFormatter, …) lives in the
// Diagnostics module, below every module that reports problems; importing KeyPaths (or any
// module above it) brings it along, as it did when it lived in Predicates.
@_exported import Diagnostics
