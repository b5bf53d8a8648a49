/// A half-open range of UTF-8 byte offsets into the format string a node was parsed from.
///
/// Ranges are kept beside the tree for diagnostics only: they never take part in the
/// equality or hashing of ``PredicateNode`` and ``ExpressionNode``, so a predicate parsed
/// from `a=1` equals the one parsed from its canonical text `a == 1`.
public struct SourceRange: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Offset of the first byte.
    public var lowerBound: Int
    /// Offset one past the last byte.
    public var upperBound: Int

    /// Creates a range; `upperBound` is clamped so it is never below `lowerBound`.
    public init(_ lowerBound: Int, _ upperBound: Int) {
        self.lowerBound = lowerBound
        self.upperBound = Swift.max(lowerBound, upperBound)
    }

    /// The number of bytes covered.
    public var count: Int { upperBound - lowerBound }

    /// The smallest range covering both `self` and `other`.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(Swift.min(lowerBound, other.lowerBound), Swift.max(upperBound, other.upperBound))
    }

    public var description: String { "\(lowerBound)..<\(upperBound)" }
}
