/// The operator of a comparison predicate. Spellings and synonyms live in ``Operators``.
public enum ComparisonOperator: String, Sendable, Hashable, Codable, CaseIterable {
    /// `==` (also `=`).
    case equalTo
    /// `!=` (also `<>`).
    case notEqualTo
    /// `<`.
    case lessThan
    /// `<=` (also `=<`).
    case lessThanOrEqualTo
    /// `>`.
    case greaterThan
    /// `>=` (also `=>`).
    case greaterThanOrEqualTo
    /// `BETWEEN`: `x BETWEEN {low, high}`, inclusive.
    case between
    /// `IN`: membership in a collection, or substring of a string.
    case `in`
    /// `CONTAINS`: `a CONTAINS b` is `b IN a`.
    case contains
    /// `BEGINSWITH`.
    case beginsWith
    /// `ENDSWITH`.
    case endsWith
    /// `LIKE` with `*` and `?` wildcards, whole string.
    case like
    /// `MATCHES`: an ICU-style regular expression matching the whole string.
    case matches
    /// `UTI-CONFORMS-TO`.
    case utiConformsTo
    /// `UTI-EQUALS`.
    case utiEquals
}

/// The quantifier on the left operand of a comparison.
public enum ComparisonModifier: String, Sendable, Hashable, Codable, CaseIterable {
    /// No quantifier: the operator sees the two values as they are.
    case direct
    /// `ANY` (also `SOME`): true when some element of the left collection satisfies the test.
    case any
    /// `ALL`: true when every element does (true for an empty collection).
    case all
}

/// Comparison options, written after the operator: `CONTAINS[cd]`.
///
/// Printed in Apple's order `c`, `d`, `l`, `n`, `w`.
public struct ComparisonOptions: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `[c]`: Unicode case folding.
    public static let caseInsensitive = ComparisonOptions(rawValue: 1 << 0)
    /// `[d]`: diacritics removed (canonical decomposition, combining marks dropped).
    public static let diacriticInsensitive = ComparisonOptions(rawValue: 1 << 1)
    /// `[n]`: the operands are already normalised; literal comparison, supersedes `c` and `d`.
    public static let normalized = ComparisonOptions(rawValue: 1 << 2)
    /// `[l]`: locale-sensitive comparison.
    public static let localeSensitive = ComparisonOptions(rawValue: 1 << 3)
    /// `[w]`: width-insensitive (accepted and printed; Apple leaves it undocumented).
    public static let widthInsensitive = ComparisonOptions(rawValue: 1 << 4)

    /// Each option with its letter, in printing order.
    public static let letters: [(letter: Character, option: ComparisonOptions)] = [
        ("c", .caseInsensitive), ("d", .diacriticInsensitive), ("l", .localeSensitive),
        ("n", .normalized), ("w", .widthInsensitive),
    ]

    /// The letters of the set options in printing order, e.g. `"cd"`; empty when none.
    public var letterString: String {
        String(Self.letters.filter { contains($0.option) }.map(\.letter))
    }
}
