import Evaluation
import KeyPaths
import Predicates

extension BulkGraphBuilder {
    /// Indexes the rows by key (refusing a key used twice in a hierarchy), resolves every
    /// relationship statement, fills the inverse sides, checks that both sides
    /// agree and puts each to-many list in its stored order; the finished tables, or `nil`
    /// when a destination is missing or of the wrong entity, a to-one side would get two
    /// destinations, or a statement does not hold once both sides are filled.
    ///
    /// Statements are connected in the change-set path's order: entity lists by name, objects
    /// in file order. To-many lists collect members in the order they are added (repeats
    /// included) and are then reduced to first occurrences (ordered relationships) or sorted
    /// by key (unordered ones); an ordered list its object states takes the stated order.
    /// Whether a hierarchy holds an id and its text twin (`7` and `"7"`), which the change-set
    /// path refuses naming both objects.
    static func hasTextTwins(_ table: HierarchyTable) -> Bool {
        table.rows.keys.contains { key in
            guard case .string = key, let twin = key.textTwin else { return false }
            return table.rows[twin] != nil
        }
    }

    mutating func finish() -> [HierarchyTable]? {
        for hierarchy in tables.indices {
            guard tables[hierarchy].indexRows(), !Self.hasTextTwins(tables[hierarchy]) else { return nil }
        }
        var checks = StatementChecks()
        for list in batches.indices.sorted(by: { batches[$0].name < batches[$1].name }) {
            let statements = batches[list].statements
            for index in 0..<statements.count {
                guard
                    connect(
                        Int(statements.relationships[index]), row: statements.rows[index],
                        targets: statements.targets(of: index), checks: &checks)
                else { return nil }
            }
            batches[list].statements = BulkStatements()
        }
        var ranks: [Int: [Int32]] = [:]
        for hierarchy in tables.indices {
            for column in tables[hierarchy].toMany.indices {
                let (destination, ordered) = layout.toManyDestinations[hierarchy][column]
                if ordered {
                    for row in tables[hierarchy].toMany[column].indices
                    where tables[hierarchy].toMany[column][row].count > 1 {
                        Self.keepFirstOccurrences(&tables[hierarchy].toMany[column][row])
                    }
                    continue
                }
                guard destination >= 0 else { continue }
                let rank = ranks[destination] ?? Self.keyRanks(tables[destination])
                ranks[destination] = rank
                for row in tables[hierarchy].toMany[column].indices
                where tables[hierarchy].toMany[column][row].count > 1 {
                    Self.sortByKey(&tables[hierarchy].toMany[column][row], rank: rank)
                }
            }
        }
        for (hierarchy, column, row) in checks.emptyToOne where tables[hierarchy].toOne[column][Int(row)] != -1 {
            return nil
        }
        for (hierarchy, column, row, count) in checks.toManyCounts
        where tables[hierarchy].toMany[column][Int(row)].count != count {
            return nil
        }
        // An ordered list stated on its object keeps the stated order, whichever side of the
        // relationship was connected first (the members are the same: the counts agree).
        for (hierarchy, column, row, stated) in checks.statedOrder {
            var list = stated
            Self.keepFirstOccurrences(&list)
            tables[hierarchy].toMany[column][Int(row)] = list
        }
        return tables
    }

    /// Connects one statement: `row`'s relationship to each target, and each target's inverse
    /// to `row`.
    private mutating func connect(
        _ index: Int, row: Int32, targets: ArraySlice<ObjectKey>, checks: inout StatementChecks
    ) -> Bool {
        let relationship = relationships[index]
        let hierarchy = relationship.destinationHierarchy
        let source = relationship.sourceHierarchy
        var resolved: [Int32] = []
        resolved.reserveCapacity(targets.count)
        for key in targets {
            guard let target = tables[hierarchy].rows[key],
                layout.isKind(Int(tables[hierarchy].entities[Int(target)]), of: relationship.destinationEntity)
            else { return false }
            resolved.append(target)
        }
        if relationship.relationship.isToMany {
            checks.toManyCounts.append((source, relationship.column, row, Self.distinctCount(resolved)))
            if layout.toManyDestinations[source][relationship.column].ordered {
                checks.statedOrder.append((source, relationship.column, row, resolved))
            }
        } else if resolved.isEmpty {
            checks.emptyToOne.append((source, relationship.column, row))
        }
        for target in resolved {
            if relationship.relationship.isToMany {
                tables[source].toMany[relationship.column][Int(row)].append(target)
            } else if !setToOne(source, relationship.column, row, target) {
                return false
            }
            guard let inverse = relationship.inverse else { continue }
            if inverse.isToMany {
                tables[hierarchy].toMany[inverse.column][Int(target)].append(row)
            } else if !setToOne(hierarchy, inverse.column, target, row) {
                return false
            }
        }
        return true
    }

    /// Sets a to-one side; `false` when it holds another destination already.
    private mutating func setToOne(_ hierarchy: Int, _ column: Int, _ row: Int32, _ target: Int32) -> Bool {
        let current = tables[hierarchy].toOne[column][Int(row)]
        if current == target { return true }
        guard current == -1 else { return false }
        tables[hierarchy].toOne[column][Int(row)] = target
        return true
    }

    /// The number of different rows in `rows`.
    private static func distinctCount(_ rows: [Int32]) -> Int {
        guard rows.count > 1 else { return rows.count }
        let sorted = rows.sorted()
        var count = 1
        for index in 1..<sorted.count where sorted[index] != sorted[index - 1] { count += 1 }
        return count
    }

    /// Removes repeated members, keeping the first occurrence of each.
    private static func keepFirstOccurrences(_ list: inout [Int32]) {
        var seen = Set<Int32>(minimumCapacity: list.count)
        list.removeAll { !seen.insert($0).inserted }
    }

    /// Sorts rows by their objects' keys and removes repeats.
    private static func sortByKey(_ list: inout [Int32], rank: [Int32]) {
        if rank.isEmpty {
            list.sort()
        } else {
            list.sort { rank[Int($0)] < rank[Int($1)] }
        }
        var kept = 1
        for index in 1..<list.count where list[index] != list[kept - 1] {
            list[kept] = list[index]
            kept += 1
        }
        list.removeLast(list.count - kept)
    }

    /// The position of each row of `table` in key order; empty when the rows already are in
    /// key order (rows appended in increasing key order, the usual case).
    private static func keyRanks(_ table: HierarchyTable) -> [Int32] {
        let keys = table.keys
        if zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) { return [] }
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        var rank = [Int32](repeating: 0, count: keys.count)
        for (position, row) in order.enumerated() { rank[row] = Int32(position) }
        return rank
    }
}

/// What ``BulkGraphBuilder/finish()`` checks once both sides are filled: to-one sides stated
/// empty stay empty, to-many sides end with exactly the members they state, and ordered
/// to-many sides in the order they state.
private struct StatementChecks {
    var emptyToOne: [(hierarchy: Int, column: Int, row: Int32)] = []
    var toManyCounts: [(hierarchy: Int, column: Int, row: Int32, count: Int)] = []
    var statedOrder: [(hierarchy: Int, column: Int, row: Int32, rows: [Int32])] = []
}
