import Evaluation
import KeyPaths
import Predicates

/// What ``GraphFileReader`` hands the objects of a graph file to, one value at a time: the
/// ``BulkGraphBuilder`` that builds a graph, or the ``StreamedRowWriter`` that writes each
/// object's row into a database as it is read. Every method answers `false` (or `nil`) for
/// what the sink refuses, and the reader then stops: the caller goes back to a path that finds
/// and words every problem.
protocol GraphFileSink {
    /// The number of a concrete entity that can hold objects; `nil` for an unknown or
    /// abstract one (or one the sink does not handle).
    func insertableEntity(named name: String) -> Int?

    /// Reads the list of objects of `entity` (named `name` in the file): calls `objects` once,
    /// with the sink and the list's number for ``finishObject(_:entity:list:)``, and answers
    /// what it answers (or `false` when the sink refuses the list).
    mutating func readList(_ name: String, entity: Int, _ objects: (inout Self, _ list: Int) -> Bool) -> Bool

    /// What `key` names on `entity`; `nil` for an unknown key or one the sink does not handle.
    mutating func resolve(_ key: String, of entity: Int) -> BulkKey?

    /// Whether relationship `index` (of ``resolve(_:of:)``) is to-many.
    func isToMany(_ index: Int) -> Bool

    /// An attribute value of the object being read.
    mutating func addAttribute(_ value: PredicateValue, column: Int, _ attribute: AttributeDescription) -> Bool

    /// A relationship value as written in the file: an id or `null` for a to-one relationship,
    /// a list of ids (or `null`, or a set) for a to-many one.
    mutating func addRelationship(_ value: PredicateValue, _ index: Int) -> Bool

    /// The destinations a relationship of the object being read states.
    mutating func addTargets(_ targets: [ObjectKey], _ index: Int) -> Bool

    /// Ends the object being read, whose id is `key`.
    mutating func finishObject(_ key: ObjectKey, entity: Int, list: Int) -> Bool
}

extension BulkGraphBuilder: GraphFileSink {
    mutating func readList(_ name: String, entity: Int, _ objects: (inout Self, _ list: Int) -> Bool) -> Bool {
        let list = beginList(name)
        return objects(&self, list)
    }

    func isToMany(_ index: Int) -> Bool {
        relationships[index].relationship.isToMany
    }
}
