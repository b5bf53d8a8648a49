import Foundation
import KeyPaths
import Predicates

/// Objects compared with object references (`%@` arguments): keys compared with bound keys,
/// never a join to the referenced object's table.
///
/// | predicate (from `Content`, standard mapping) | SQL |
/// |---|---|
/// | `bucket == %@` (Bucket 2) | `t0.bucket_id = ?` (the foreign key; no join) |
/// | `bucket != %@` | `(t0.bucket_id = ?) IS NOT TRUE` (keeps the Contents without a Bucket) |
/// | `bucket IN %@` (Buckets 1 and 2) | `t0.bucket_id IN (?, ?)` |
/// | `SELF == %@`, `SELF IN %@` | `t0.id = ?`, `t0.id IN (?, ?)` |
/// | `ANY tags == %@`, `tags CONTAINS %@`, `%@ IN tags` | `EXISTS (SELECT 1 FROM Content_tags j WHERE j.source_id = t0.id AND j.destination_id = ?)` (the join table only) |
/// | `NONE tags == %@` | `NOT EXISTS (…)` of the same |
/// | `ANY tags IN %@` (Tags 1 and 2) | `EXISTS (… AND j.destination_id IN (?, ?))` |
/// | `SUBQUERY(tags, $t, $t == %@)` | `t1.id = ?` on the element row |
/// | `bucket == %@` with a reference outside `Bucket`'s hierarchy, or a key the store cannot hold | `1 = 0` |
///
/// A reference equals an object when the keys are equal and the entities are of one
/// inheritance hierarchy; a hierarchy is one table, whose key is unique, so comparing keys is
/// enough (Core Data's `Z_PK`; its `Z_ENT` is not needed). References to another hierarchy
/// are dropped here (checking refuses them already), so objects of another table that share
/// a key can never match — the mistake of a store that compares keys alone across entities.
extension LoweringWalk {
    /// `object == constant` where the object is the key expression `key` of an `entity`
    /// object: `key IS NULL` for nil, `key = ?` for a reference of the hierarchy, false for
    /// anything else (an object equals no other kind of value, as in memory).
    func objectEquality(key: SQLExpression, entity: String, constant: EvaluationValue) -> SQLExpression {
        if constant.isNull { return .isNull(key, negated: false) }
        guard case .reference(let reference) = constant, let bound = boundKey(reference, comparedWith: entity) else {
            return .truth(.alwaysFalse)
        }
        return .binary(key, .equal, .value(bound))
    }

    /// `object IN {constants}`: `key IN (?, …)` over the references of the hierarchy; nil and
    /// every other value are never found.
    func objectInList(key: SQLExpression, entity: String, _ items: [EvaluationValue]) -> SQLExpression {
        var bound: [SQLValue] = []
        var seen: Set<SQLValue> = []
        for item in items {
            guard case .reference(let reference) = item, let value = boundKey(reference, comparedWith: entity),
                seen.insert(value).inserted
            else { continue }
            bound.append(value)
        }
        guard !bound.isEmpty else { return .truth(.alwaysFalse) }
        return .inList(key, bound.map { .value($0) })
    }

    /// The bound key of `reference` compared with objects of `entity`, or `nil` when it can
    /// never name one of them (another hierarchy, an unknown entity, a key the table cannot
    /// hold).
    func boundKey(_ reference: ObjectReference, comparedWith entity: String) -> SQLValue? {
        guard schema.entity(named: reference.entity) != nil, sameHierarchy(reference.entity, entity) else {
            return nil
        }
        return layout.bound(key: reference.id, of: entity)
    }

    /// The elements of a to-many relationship read as keys only when they are compared with a
    /// reference: through a join table, the join table alone (its destination column), without
    /// joining the destination's table. Any other source is returned as it is.
    func keysOnly(_ source: ElementSource, comparedWith other: LoweredOperand) -> ElementSource {
        guard case .constant(let value) = other, Self.namesObjects(value), let link = source.link,
            case .object(_, let entity) = source.value
        else { return source }
        var keyed = source
        keyed.select = link.select
        keyed.value = .object(key: link.key, entity: entity)
        keyed.link = nil
        return keyed
    }

    /// Whether a constant is a reference, or a collection of references and nils (`ANY tags IN
    /// %@`): what element keys alone can be compared with.
    static func namesObjects(_ value: EvaluationValue) -> Bool {
        switch value {
        case .reference: return true
        case .array, .set:
            let elements = value.collectionElements ?? []
            return elements.contains { if case .reference = $0 { true } else { false } }
                && elements.allSatisfy { if case .reference = $0 { true } else { $0.isNull } }
        default: return false
        }
    }
}

extension ElementSource {
    /// The elements of a to-many relationship stored in a join table, as the join table alone:
    /// `FROM <join table> WHERE <source column> = <owner key>`, each element being the
    /// destination column. Kept only while the elements are the destination objects themselves
    /// (dropped once a key is read from them or a condition is put on their rows).
    struct Link: Sendable {
        /// The select over the join table, correlated with the owner.
        var select: SQLSelect
        /// The destination key column of the join table.
        var key: SQLExpression
    }
}
