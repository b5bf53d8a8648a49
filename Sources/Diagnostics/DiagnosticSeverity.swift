/// How serious a diagnostic is.
///
/// | severity | meaning | printed as |
/// |---|---|---|
/// | ``error`` | the input is refused; nothing was done | `error:` |
/// | ``warning`` | the input was accepted, but probably not as meant (`surplus-arguments`) | `warning:` |
/// | ``remark`` | information only | `remark:` |
public enum DiagnosticSeverity: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The input is refused.
    case error
    /// The input was accepted, but probably not as meant.
    case warning
    /// Information only.
    case remark

    /// The word printed before the message: `error`, `warning`, `remark`.
    public var description: String { rawValue }
}
