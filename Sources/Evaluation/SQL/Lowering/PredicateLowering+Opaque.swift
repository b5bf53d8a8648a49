import KeyPaths
import Predicates

/// Transformable attributes: their values may be of any kind (a dictionary, an array, a
/// string…), and the column holds an encoding of them (the engine's JSON text under the
/// standard mapping, Core Data's archive under its own), not something SQL compares as memory
/// compares the values. Only the nil tests agree on both sides (the column is NULL exactly when
/// the value is nil), so only they are lowered:
///
/// | predicate | SQL |
/// |---|---|
/// | `payload == nil`, `owner.payload != nil` | `t0.payload IS NULL`, … `IS NOT NULL` |
/// | `ANY items.payload == nil` | `EXISTS (… WHERE t1.payload IS NULL)` |
/// | `payload == 'x'`, `payload.@count > 0`, sorting by `payload` | refused |
extension LoweringWalk {
    /// Lowers one side of a comparison; the side is allowed to read a transformable attribute
    /// when it is a key path ending at one and the comparison is `==` or `!=` with `nil`.
    func comparisonOperand(_ side: CheckedExpression, in comparison: CheckedComparison) throws(SQLLoweringError)
        -> LoweredOperand
    {
        guard Self.isNilTest(comparison), case .keyPath(let path) = side.kind,
            case .attribute? = path.resolved?.destination
        else { return try operand(side) }
        opaqueAttributesAllowed = true
        defer { opaqueAttributesAllowed = false }
        return try operand(side)
    }

    /// A refusal of reading the transformable `attribute` of `entity` outside a nil test.
    func checkOpaque(_ attribute: AttributeDescription, of entity: String, range: SourceRange?)
        throws(SQLLoweringError)
    {
        guard attribute.type == .transformable, !opaqueAttributesAllowed else { return }
        throw SQLLoweringError(
            id: "sql-unsupported",
            message: "'\(entity).\(attribute.name)' is a transformable attribute, whose stored form SQL cannot "
                + "compare as memory compares its values; only '== nil' and '!= nil' are lowered",
            range: range)
    }

    /// `x == nil`, `nil != x` (any modifier).
    private static func isNilTest(_ comparison: CheckedComparison) -> Bool {
        let op = comparison.comparison.operator
        guard op == .equalTo || op == .notEqualTo else { return false }
        for side in [comparison.left, comparison.right] {
            if case .constant(.null) = side.kind { return true }
        }
        return false
    }
}
