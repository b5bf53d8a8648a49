/// The kind of a ``Diagnostic``: a stable identifier from one catalogue, e.g. `unknown-key`.
///
/// Every id the package reports is a static member of this type (`DiagnosticID.unknownKey`),
/// documented where it is declared, and listed in ``catalogue``; Docs/diagnostics.md lists
/// them all with their meaning. Tests and tools match on ids; the wording of messages may
/// improve over time. An id compares equal to its spelling written as a string literal
/// (`diagnostic.id == "unknown-key"`), and is encoded as that string.
public struct DiagnosticID: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The spelling: lower-case words joined by `-`.
    public var rawValue: String

    /// An id with the given spelling.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// An id from its spelling written as a literal.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// Decodes an id from its spelling.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the spelling.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The spelling.
    public var description: String { rawValue }

    /// Every id the package reports, family by family: parsing, checking, evaluation, SQL,
    /// schemas, object graphs, JSON text.
    public static let catalogue: [DiagnosticID] =
        syntaxFamily + checkingFamily + evaluationFamily + sqlFamily + schemaFamily + graphFamily + jsonFamily

    /// Whether `id` is spelled `spelling` (ids were strings before the catalogue; comparing
    /// with one keeps compiling).
    public static func == (id: DiagnosticID, spelling: String) -> Bool { id.rawValue == spelling }

    /// Whether `id` is spelled `spelling`.
    public static func == (spelling: String, id: DiagnosticID) -> Bool { id.rawValue == spelling }

    /// Whether `id` is not spelled `spelling`.
    public static func != (id: DiagnosticID, spelling: String) -> Bool { id.rawValue != spelling }

    /// Whether `id` is not spelled `spelling`.
    public static func != (spelling: String, id: DiagnosticID) -> Bool { id.rawValue != spelling }

    /// Whether the id is one of the ``catalogue``.
    public var isCatalogued: Bool { Self.catalogue.contains(self) }
}
