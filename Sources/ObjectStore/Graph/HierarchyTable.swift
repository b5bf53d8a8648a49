import Evaluation
import Predicates

/// The objects of one inheritance hierarchy, stored by column: one dictionary per key, from
/// object number to value. Only set values are stored (`null`, an empty to-one and an empty
/// to-many are absent), and a column that becomes empty is removed, so two tables holding the
/// same objects and values are equal however they were built.
///
/// A million objects cost a few large dictionaries rather than a million small ones, which
/// keeps building and copying a big graph fast.
struct HierarchyTable: Sendable, Equatable {
    /// Each object's concrete entity (a ``GraphLayout`` entity number).
    var entities: [Int: Int] = [:]
    /// Attribute columns by key.
    var attributes: [String: [Int: PredicateValue]] = [:]
    /// To-one relationship columns by key: the destination's number (its hierarchy is the
    /// relationship's destination's).
    var toOne: [String: [Int: Int]] = [:]
    /// To-many relationship columns by key.
    var toMany: [String: [Int: Set<Int>]] = [:]

    /// Removes the object and every value it holds. Values of other objects that point at it
    /// are left alone (the caller maintains inverses).
    mutating func remove(_ id: Int) {
        entities[id] = nil
        for key in Array(attributes.keys) where attributes[key]?[id] != nil {
            set(attribute: key, of: id, to: .null)
        }
        for key in Array(toOne.keys) where toOne[key]?[id] != nil {
            set(toOne: key, of: id, to: nil)
        }
        for key in Array(toMany.keys) where toMany[key]?[id] != nil {
            set(toMany: key, of: id, to: [])
        }
    }

    mutating func set(attribute key: String, of id: Int, to value: PredicateValue) {
        if case .null = value {
            guard attributes[key]?.removeValue(forKey: id) != nil else { return }
            if attributes[key]?.isEmpty == true { attributes[key] = nil }
        } else {
            attributes[key, default: [:]][id] = value
        }
    }

    mutating func set(toOne key: String, of id: Int, to target: Int?) {
        if let target {
            toOne[key, default: [:]][id] = target
        } else {
            guard toOne[key]?.removeValue(forKey: id) != nil else { return }
            if toOne[key]?.isEmpty == true { toOne[key] = nil }
        }
    }

    mutating func set(toMany key: String, of id: Int, to targets: Set<Int>) {
        if targets.isEmpty {
            guard toMany[key]?.removeValue(forKey: id) != nil else { return }
            if toMany[key]?.isEmpty == true { toMany[key] = nil }
        } else {
            toMany[key, default: [:]][id] = targets
        }
    }
}
