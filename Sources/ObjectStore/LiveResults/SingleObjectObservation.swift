import Evaluation
import Predicates

/// One object found by a predicate expected to match at most one (`username == %@`), kept
/// current as change sets are applied: the first fetch and every later insert, update and
/// delete go through the same path (a ``LiveResultSet``). More than one match is reported, not
/// hidden.
///
/// ```swift
/// var user = try SingleObjectObservation(
///     entity: "User", predicate: PredicateNode(format: "name == %@", "Dora"), graph: graph)
/// user.value                                   // .none
/// try user.apply(insertDora).value              // .one(User#4)
/// ```
public struct SingleObjectObservation: Sendable {
    /// What the predicate matches.
    public enum Value: Sendable, Hashable {
        /// No object.
        case none
        /// Exactly one object.
        case one(ObjectID)
        /// More than one object (in key order): the predicate is not as unique as expected.
        case several([ObjectID])
    }

    /// What changed in one step.
    public struct Change: Sendable, Hashable {
        /// Before the change.
        public var old: Value
        /// After the change.
        public var new: Value
        /// Whether the same single object stayed matched while one of its attributes changed or
        /// a value it is matched on or displays (a refresh key path) may have changed (see
        /// ``LiveResultSet/apply(_:)``).
        public var updated: Bool
    }

    /// The underlying results (ordered by key).
    public private(set) var results: LiveResultSet

    /// Observes the objects of `entity` matching `predicate` in `graph`.
    public init(entity: String, predicate: PredicateNode, graph: ObjectGraph, refreshKeyPaths: [String] = [])
        throws(LiveResultsError)
    {
        results = try LiveResultSet(
            request: FetchRequest(entity: entity, predicate: predicate, refreshKeyPaths: refreshKeyPaths), graph: graph)
    }

    /// What the predicate matches now.
    public var value: Value {
        switch results.rows.count {
        case 0: .none
        case 1: .one(results.rows[0])
        default: .several(results.rows)
        }
    }

    /// Applies a change set and says what changed.
    @discardableResult
    public mutating func apply(_ changes: ChangeSet) throws(LiveResultsError) -> Change {
        let old = value
        let change = try results.apply(changes)
        let new = value
        return Change(old: old, new: new, updated: old == new && !change.rows.updates.isEmpty)
    }
}
