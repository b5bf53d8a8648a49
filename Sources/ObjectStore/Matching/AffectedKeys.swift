import KeyPaths
import Predicates

/// The roots a change set reaches, as keys of the root's hierarchy, the roots to re-evaluate
/// kept apart by the ``ChangeDirection`` of the changes that reach them (see
/// ``ChangeMatcher/affectedKeys(by:through:schema:members:prepared:classify:)``).
///
/// Each class is kept as the sets the walk reached, not merged into one: a set can be a
/// shared navigation's answer of thousands of keys (a User's Contents), which a merge would
/// copy for every query; the reader looks into each part instead.
struct AffectedKeys {
    /// The root's hierarchy.
    var hierarchy: String
    /// The roots to re-evaluate, by the class of the changes that reach them, as the sets
    /// reached (none empty; a root may be in several sets and several classes).
    var reevaluate: [ChangeDirection: [Set<ObjectKey>]] = [:]
    /// The roots whose display key paths were touched.
    var refresh: Set<ObjectKey> = []

    /// Adds `keys` to a class, as a part of its own (no copy).
    mutating func add(_ keys: Set<ObjectKey>, _ direction: ChangeDirection) {
        guard !keys.isEmpty else { return }
        reevaluate[direction, default: []].append(keys)
    }

    /// The roots reached by changes of a class, as the parts added.
    func parts(_ direction: ChangeDirection) -> [Set<ObjectKey>] {
        reevaluate[direction] ?? []
    }

    /// The roots reached by changes of a class, in one set (the largest part grown by the
    /// others: no copy when there is one part).
    func union(_ direction: ChangeDirection) -> Set<ObjectKey> {
        let parts = parts(direction)
        guard let largest = parts.indices.max(by: { parts[$0].count < parts[$1].count }) else { return [] }
        var union = parts[largest]
        for (index, part) in parts.enumerated() where index != largest { union.formUnion(part) }
        return union
    }
}
