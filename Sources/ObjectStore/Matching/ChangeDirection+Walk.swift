import KeyPaths
import Predicates

/// The walk of ``ChangeDirectionAnalysis`` over a checked predicate: the comparison atoms with
/// their polarity, and every key read anywhere else (by name).
struct DirectionWalk {
    var atoms: [String: [ChangeDirectionAnalysis.Atom]] = [:]
    /// `r.@count` compared with a constant, by the to-many relationship `r`.
    var countAtoms: [String: [ChangeDirectionAnalysis.CountAtom]] = [:]
    /// The relationships an atom's key path goes through (`bucket` in `bucket.name`).
    var traversedKeys: Set<String> = []
    var opaqueKeys: Set<String> = []

    /// Visits a condition under `negated` polarity: `AND`/`OR` keep it, `NOT` flips it.
    mutating func visit(_ condition: CheckedCondition, negated: Bool) {
        switch condition.kind {
        case .constant:
            break
        case .and(let children), .or(let children):
            for child in children { visit(child, negated: negated) }
        case .not(let child):
            visit(child, negated: !negated)
        case .comparison(let checked):
            if let atom = Self.atom(checked, negated: negated) {
                atoms[atom.key, default: []].append(atom.atom)
                traversedKeys.formUnion(atom.hops)
            } else if let count = Self.countAtom(checked, negated: negated) {
                countAtoms[count.key, default: []].append(count.atom)
                // The to-one hops before the counted relationship are gone through.
                traversedKeys.formUnion(count.hops.dropLast())
            } else {
                collectKeys(checked.comparison.left)
                collectKeys(checked.comparison.right)
            }
        }
    }

    /// The comparison as an atom: a key path from the root ending on an attribute (through
    /// to-one hops, or under `ANY`/`ALL` through at least one to-many hop) against a constant.
    private static func atom(_ checked: CheckedComparison, negated: Bool)
        -> (key: String, hops: [String], atom: ChangeDirectionAnalysis.Atom)?
    {
        let comparison = checked.comparison
        let quantified = comparison.modifier != .direct
        if case .keyPath(let keyPath) = checked.left.kind, isConstant(comparison.right),
            let read = attributeRead(keyPath, quantified: quantified)
        {
            return (
                read.key, read.hops,
                .init(entity: read.entity, comparison: comparison, keyPathOnLeft: true, negated: negated)
            )
        }
        if !quantified, case .keyPath(let keyPath) = checked.right.kind, isConstant(comparison.left),
            let read = attributeRead(keyPath, quantified: false)
        {
            return (
                read.key, read.hops,
                .init(entity: read.entity, comparison: comparison, keyPathOnLeft: false, negated: negated)
            )
        }
        return nil
    }

    /// The (entity, attribute) a key path reads as one value per element: from the evaluated
    /// object, no collection operator, ending on an attribute; to-many hops exactly when
    /// quantified.
    private static func attributeRead(_ keyPath: CheckedKeyPath, quantified: Bool)
        -> (entity: String, key: String, hops: [String])?
    {
        guard keyPath.base == .evaluatedObject, keyPath.collectionOperator == nil,
            let path = keyPath.fromRoot ?? keyPath.resolved, case .attribute(let attribute) = path.destination,
            path.hops.contains(where: \.isToMany) == quantified
        else { return nil }
        return (path.destinationEntity, attribute.name, path.hops.map(\.sourceProperty))
    }

    /// The comparison as a count atom: `r.@count` (through to-one hops, then the to-many
    /// relationship `r`) against a constant with `<`, `<=`, `>` or `>=`, unquantified; with
    /// whether its effective value can only rise as the count grows.
    private static func countAtom(_ checked: CheckedComparison, negated: Bool)
        -> (key: String, hops: [String], atom: ChangeDirectionAnalysis.CountAtom)?
    {
        let comparison = checked.comparison
        guard comparison.modifier == .direct else { return nil }
        let keyPathOnLeft: Bool
        let keyPath: CheckedKeyPath
        if case .keyPath(let left) = checked.left.kind, isConstant(comparison.right) {
            (keyPath, keyPathOnLeft) = (left, true)
        } else if case .keyPath(let right) = checked.right.kind, isConstant(comparison.left) {
            (keyPath, keyPathOnLeft) = (right, false)
        } else {
            return nil
        }
        guard keyPath.base == .evaluatedObject, keyPath.collectionOperator == nil,
            let path = keyPath.fromRoot ?? keyPath.resolved, case .aggregate(.count, then: nil) = path.destination,
            let last = path.hops.last, last.isToMany, !path.hops.dropLast().contains(where: \.isToMany)
        else { return nil }
        // Whether the comparison is true for large counts (`count > k`, `k < count`).
        let growsTrue: Bool
        switch comparison.operator {
        case .greaterThan, .greaterThanOrEqualTo: growsTrue = keyPathOnLeft
        case .lessThan, .lessThanOrEqualTo: growsTrue = !keyPathOnLeft
        default: return nil
        }
        return (
            last.sourceProperty, path.hops.map(\.sourceProperty),
            .init(entity: last.sourceEntity, risesWithCount: growsTrue != negated)
        )
    }

    /// Whether an operand is a constant: a literal, or an aggregate or cast of constants.
    private static func isConstant(_ expression: ExpressionNode) -> Bool {
        switch expression.kind {
        case .constant: true
        case .aggregate(let elements): elements.allSatisfy(isConstant)
        case .cast(let inner, _): isConstant(inner)
        default: false
        }
    }

    /// Every key named in `expression`, at any depth (nested predicates included).
    private mutating func collectKeys(_ expression: ExpressionNode) {
        switch expression.kind {
        case .constant, .evaluatedObject, .variable, .anyKey:
            break
        case .keyPath(let components):
            collectKeys(components)
        case .member(let base, let components):
            collectKeys(base)
            collectKeys(components)
        case .aggregate(let elements):
            for element in elements { collectKeys(element) }
        case .binary(_, let left, let right):
            collectKeys(left)
            collectKeys(right)
        case .unary(_, let operand), .cast(let operand, _), .assignment(_, let operand):
            collectKeys(operand)
        case .index(let base, let selector):
            collectKeys(base)
            if case .expression(let index) = selector { collectKeys(index) }
        case .function(_, let arguments):
            for argument in arguments { collectKeys(argument) }
        case .customFunction(let receiver, _, let arguments):
            collectKeys(receiver)
            for argument in arguments { collectKeys(argument) }
        case .subquery(let collection, _, let predicate):
            collectKeys(collection)
            collectKeys(predicate)
        case .ternary(let condition, let then, let otherwise):
            collectKeys(condition)
            collectKeys(then)
            collectKeys(otherwise)
        }
    }

    private mutating func collectKeys(_ components: [KeyPathComponent]) {
        for case .key(let key) in components { opaqueKeys.insert(key) }
    }

    private mutating func collectKeys(_ predicate: PredicateNode) {
        switch predicate.kind {
        case .constant:
            break
        case .and(let children), .or(let children):
            for child in children { collectKeys(child) }
        case .not(let child):
            collectKeys(child)
        case .comparison(let comparison):
            collectKeys(comparison.left)
            collectKeys(comparison.right)
        }
    }
}
