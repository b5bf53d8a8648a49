/// An unordered collection of distinct ``EvaluationValue``s (Apple's `NSSet`), kept in
/// first-insertion order so that `[FIRST]`, `[LAST]` and printing do not depend on hashing.
///
/// Distinctness uses ``EvaluationValue``'s equality: `{"$set": [1, 1.0, true]}` holds one
/// element. Two sets are equal when they hold the same elements, in any order.
public struct EvaluationSet: Sendable, Hashable {
    /// The elements in first-insertion order.
    public private(set) var elements: [EvaluationValue]
    private var members: Set<EvaluationValue>

    /// An empty set.
    public init() {
        elements = []
        members = []
    }

    /// A set of the distinct elements of `values`, keeping the first of each group of equals.
    public init<S: Sequence>(_ values: S) where S.Element == EvaluationValue {
        self.init()
        for value in values { insert(value) }
    }

    /// The number of elements.
    public var count: Int { elements.count }

    /// Whether the set is empty.
    public var isEmpty: Bool { elements.isEmpty }

    /// Whether `value` is an element (by ``EvaluationValue`` equality).
    public func contains(_ value: EvaluationValue) -> Bool { members.contains(value) }

    /// Adds `value` unless an equal element is present; returns whether it was added.
    @discardableResult
    public mutating func insert(_ value: EvaluationValue) -> Bool {
        guard members.insert(value).inserted else { return false }
        elements.append(value)
        return true
    }

    /// The elements of both sets (`a UNION b`).
    public func union<S: Sequence>(_ other: S) -> EvaluationSet where S.Element == EvaluationValue {
        var result = self
        for value in other { result.insert(value) }
        return result
    }

    /// The elements of `self` that are also in `other` (`a INTERSECT b`).
    public func intersection(_ other: EvaluationSet) -> EvaluationSet {
        EvaluationSet(elements.filter { other.contains($0) })
    }

    /// The elements of `self` that are not in `other` (`a MINUS b`).
    public func subtracting(_ other: EvaluationSet) -> EvaluationSet {
        EvaluationSet(elements.filter { !other.contains($0) })
    }

    public static func == (lhs: EvaluationSet, rhs: EvaluationSet) -> Bool { lhs.members == rhs.members }
    public func hash(into hasher: inout Hasher) { hasher.combine(members) }
}
