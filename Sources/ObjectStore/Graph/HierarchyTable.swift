import Predicates

/// The objects of one inheritance hierarchy, stored by column over dense rows: an object is a
/// row number; each attribute, to-one and to-many relationship of the hierarchy is an array
/// indexed by row (the columns come from ``GraphLayout``). Relationships hold the destination's
/// row in the destination hierarchy's table, so following one is an array read.
///
/// Rows are never reused: a deleted object's row is kept as a tombstone (its entity `-1`, its
/// values cleared), so the row of every live object stays stable. A to-many column keeps an
/// ordered relationship in its order and an unordered one sorted by key.
package struct HierarchyTable: Sendable {
    /// The key of each row.
    var keys: [ObjectKey] = []
    /// The row of each live object.
    var rows: [ObjectKey: Int32] = [:]
    /// The concrete entity (a ``GraphLayout`` number) of each row; `-1` for a deleted one.
    var entities: [Int32] = []
    /// Attribute values by column, then row (`.null` when unset).
    package var attributes: [[PredicateValue]]
    /// To-one destinations by column, then row (`-1` when empty).
    package var toOne: [[Int32]]
    /// To-many destinations by column, then row.
    var toMany: [[[Int32]]]

    /// An empty table with the columns of hierarchy `index` of `layout`.
    init(layout: GraphLayout, index: Int) {
        attributes = Array(repeating: [], count: layout.attributeColumns[index].count)
        toOne = Array(repeating: [], count: layout.toOneColumns[index].count)
        toMany = Array(repeating: [], count: layout.toManyColumns[index].count)
    }

    /// The number of live objects.
    var count: Int { rows.count }

    /// The entity number of `key`'s object, or `nil`.
    func entity(of key: ObjectKey) -> Int? {
        rows[key].map { Int(entities[Int($0)]) }
    }

    /// Appends a row for a new object and returns it.
    mutating func append(_ key: ObjectKey, entity: Int) -> Int32 {
        let row = Int32(keys.count)
        keys.append(key)
        rows[key] = row
        entities.append(Int32(entity))
        for column in attributes.indices { attributes[column].append(.null) }
        for column in toOne.indices { toOne[column].append(-1) }
        for column in toMany.indices { toMany[column].append([]) }
        return row
    }

    /// Appends a row for a new object without entering it in ``rows`` (see ``indexRows()``)
    /// and returns it.
    mutating func appendUnindexed(_ key: ObjectKey, entity: Int) -> Int32 {
        let row = Int32(keys.count)
        keys.append(key)
        entities.append(Int32(entity))
        for column in attributes.indices { attributes[column].append(.null) }
        for column in toOne.indices { toOne[column].append(-1) }
        for column in toMany.indices { toMany[column].append([]) }
        return row
    }

    /// Builds ``rows`` from ``keys`` in one go (sized once, no growing) after rows were
    /// appended with ``appendUnindexed(_:entity:)``; `false` when a key is on two rows.
    mutating func indexRows() -> Bool {
        var index = [ObjectKey: Int32](minimumCapacity: keys.count)
        for (row, key) in keys.enumerated() where entities[row] >= 0 {
            guard index.updateValue(Int32(row), forKey: key) == nil else { return false }
        }
        rows = index
        return true
    }

    /// Reserves room for `count` more rows.
    mutating func reserve(_ count: Int) {
        let total = keys.count + count
        keys.reserveCapacity(total)
        rows.reserveCapacity(total)
        entities.reserveCapacity(total)
        for column in attributes.indices { attributes[column].reserveCapacity(total) }
        for column in toOne.indices { toOne[column].reserveCapacity(total) }
        for column in toMany.indices { toMany[column].reserveCapacity(total) }
    }

    /// Turns the row of `key` into a tombstone.
    mutating func remove(_ key: ObjectKey) {
        guard let row = rows.removeValue(forKey: key).map(Int.init) else { return }
        entities[row] = -1
        for column in attributes.indices { attributes[column][row] = .null }
        for column in toOne.indices { toOne[column][row] = -1 }
        for column in toMany.indices { toMany[column][row] = [] }
    }

    /// The live rows in key order.
    func rowsInKeyOrder() -> [Int32] {
        rows.sorted { $0.key < $1.key }.map(\.value)
    }
}

/// The tables of a graph, shared by copies of the graph until one of them changes (copy on
/// write, by ``ObjectGraph``), and read directly by graph objects during evaluation.
///
/// A storage is changed only while uniquely referenced (see `ObjectGraph.mutableStorage`);
/// otherwise it is immutable, which makes sharing it between threads safe.
package final class GraphStorage: @unchecked Sendable {
    package var tables: [HierarchyTable]

    init(tables: [HierarchyTable]) {
        self.tables = tables
    }
}
