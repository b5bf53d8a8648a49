/// Where the components of a parsed key path are written: the storage behind
/// ``ExpressionNode/componentRanges``.
///
/// Most key paths parsed from text have one component (`age`), and the components a `%K`
/// argument supplies all share the range of the `%K`; both are kept as one range and a count,
/// without an array, which saves the parser an allocation per key path. A key path written
/// in several steps (`bucket.owner.name`) keeps its list.
///
/// | written | stored | ``ranges`` |
/// |---|---|---|
/// | built in code | ``none`` | `nil` |
/// | `age` at 0..<3 | `uniform(0..<3, count: 1)` | `[0..<3]` |
/// | `%K` at 5..<7 with `"a.b"` | `uniform(5..<7, count: 2)` | `[5..<7, 5..<7]` |
/// | `a.bc` | `list([0..<1, 2..<4])` | `[0..<1, 2..<4]` |
enum ComponentRanges: Sendable {
    /// No ranges (a node built in code, or not a key path).
    case none
    /// `count` components, all written at `range`.
    case uniform(SourceRange, count: Int)
    /// One range per component.
    case list([SourceRange])

    /// The storage for `ranges` as the public property gives them.
    init(_ ranges: [SourceRange]?) {
        if let ranges { self = .list(ranges) } else { self = .none }
    }

    /// One range per component, or `nil`.
    var ranges: [SourceRange]? {
        switch self {
        case .none: nil
        case .uniform(let range, let count): [SourceRange](repeating: range, count: count)
        case .list(let ranges): ranges
        }
    }

    /// The number of ranges (0 for ``none``), without building the list.
    var count: Int {
        switch self {
        case .none: 0
        case .uniform(_, let count): count
        case .list(let ranges): ranges.count
        }
    }
}
