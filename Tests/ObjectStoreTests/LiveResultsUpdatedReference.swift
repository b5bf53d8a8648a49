import Evaluation
import KeyPaths
import ObjectStore
import Predicates

/// The rows a live result must report as updated after one change set, worked out from the two
/// graphs with the change matcher's brute force (``ChangeBruteForce``), following the contract
/// of `LiveResultSet.apply`: a row in both the old and the new rows is updated when one of its
/// own attributes changed or a refresh key path of it was touched (moved or not), or when it was
/// not moved and a predicate, sort or section key path of it was touched.
enum LiveResultsUpdatedReference {
    /// The rows to report as updated; `moved` are the rows the diff moved.
    static func expected(
        request: FetchRequest, oldRows: [ObjectID], newRows: [ObjectID], moved: Set<ObjectID>,
        before: ObjectGraph, after: ObjectGraph
    ) -> Set<ObjectID> {
        var query = request.effectiveSortKeys.map(\.keyPath)
        if let predicate = request.predicate,
            let checked = try? CheckedPredicate(predicate, schema: before.schema, entity: request.entity),
            let dependencies = try? QueryDependencies(checked)
        {
            query += dependencies.paths.map(\.keyPath)
        }
        // A key path is touched when a key it reads from the row, before or after, has another
        // value (or its object is in one graph only), as ``ChangeBruteForce`` decides it.
        var known: [ChangeBruteForce.Pair: Bool] = [:]
        func changed(_ pair: ChangeBruteForce.Pair) -> Bool {
            if let answer = known[pair] { return answer }
            let answer =
                before.entity(of: pair.object) != after.entity(of: pair.object)
                || (try? before.value(forKey: pair.key, of: pair.object))
                    != (try? after.value(forKey: pair.key, of: pair.object))
            known[pair] = answer
            return answer
        }
        func touched(_ paths: [String], _ row: ObjectID) -> Bool {
            paths.contains { path in
                ChangeBruteForce.reads(path, from: row, in: before).union(
                    ChangeBruteForce.reads(path, from: row, in: after)
                ).contains(where: changed)
            }
        }
        var updated: Set<ObjectID> = []
        for row in Set(oldRows).intersection(newRows) {
            let shows = touched(request.refreshKeyPaths, row) || ownAttributesChanged(row, before, after)
            if shows || (!moved.contains(row) && touched(query, row)) { updated.insert(row) }
        }
        return updated
    }

    /// Whether an attribute of `object` differs between the graphs.
    static func ownAttributesChanged(_ object: ObjectID, _ before: ObjectGraph, _ after: ObjectGraph) -> Bool {
        guard let entity = after.entity(of: object) else { return false }
        return after.schema.allAttributes(of: entity).contains { attribute in
            (try? before.value(forKey: attribute.name, of: object))
                != (try? after.value(forKey: attribute.name, of: object))
        }
    }

    /// The rows in both lists whose displayed values (refresh key paths through to-one
    /// relationships, evaluated in each graph) or own attributes really differ: each must be
    /// updated, whatever the reference above says.
    static func changedValues(
        request: FetchRequest, oldRows: [ObjectID], newRows: [ObjectID], before: ObjectGraph, after: ObjectGraph
    ) -> Set<ObjectID> {
        var changed: Set<ObjectID> = []
        for row in Set(oldRows).intersection(newRows) {
            let shown = request.refreshKeyPaths.contains { path in
                value(path, of: row, in: before) != value(path, of: row, in: after)
            }
            if shown || ownAttributesChanged(row, before, after) { changed.insert(row) }
        }
        return changed
    }

    /// The value of a key path of to-one hops and an attribute; `nil` past an empty hop.
    static func value(_ keyPath: String, of object: ObjectID, in graph: ObjectGraph) -> GraphValue? {
        var current = object
        let keys = keyPath.split(separator: ".").map(String.init)
        for (index, key) in keys.enumerated() {
            let value = try? graph.value(forKey: key, of: current)
            if index == keys.count - 1 { return value }
            guard case .toOne(let next?) = value else { return nil }
            current = next
        }
        return nil
    }
}
