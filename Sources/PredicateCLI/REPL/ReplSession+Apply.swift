import Foundation
import ObjectStore
import Predicates

extension ReplSession {
    /// `:apply FILE`: applies a change set to the graph through a ``LiveResultSet`` of the last
    /// query (every object of the entity without one), prints how its rows changed — removed,
    /// inserted, moved, updated — and the new table. The graph keeps the change.
    ///
    /// ```
    /// predicate> bucket.name == 'Inbox'
    /// predicate> :apply Samples/changes/move-content.json
    /// applied Samples/changes/move-content.json:
    ///   removed  3  plan.pdf  (row 2)
    /// id  entity   …
    /// ```
    mutating func apply(_ path: String) -> ReplReply {
        guard !path.isEmpty else { return .error("usage: :apply FILE (a change set)") }
        guard case .graph(let graph, let name) = objects else {
            return .error("change sets apply to an object graph; load one with :schema FILE and :load FILE")
        }
        let changes: ChangeSet
        do {
            changes = try ChangeSet.decode(json: try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch let error as GraphErrors {
            return .error(error.errors.map { "\(path): \($0)" }.joined(separator: "\n"))
        } catch {
            return .error("cannot read '\(path)'")
        }
        var results: LiveResultSet
        switch liveResults(for: graph) {
        case .success(let (live, _)): results = live
        case .failure(let failure): return .error(failure.message)
        }
        let start = clock()
        let change: ResultChange
        do {
            change = try results.apply(changes)
        } catch {
            return .error("\(path): \(error.message)")
        }
        let elapsed = clock() - start
        objects = .graph(results.graph, name: name)
        let lines = Self.changeLines(change, before: graph, after: results.graph)
        let summary =
            lines.isEmpty
            ? "applied \(path): the rows did not change\n"
            : "applied \(path):\n"
                + ResultTable(headers: nil, rows: lines, cutsCells: false).lines.map { "  " + $0 + "\n" }.joined()
        return .output(summary + rowsText(results.rows, graph: results.graph, elapsed: elapsed))
    }

    /// How the rows changed, a line each: removed (at their old rows, labelled from `before`),
    /// inserted and moved (at their new rows), updated — labelled from `after`. `:apply` and
    /// `:watch` print them as a table without a header.
    static func changeLines(_ change: ResultChange, before: ObjectGraph, after: ObjectGraph) -> [[String]] {
        var lines: [[String]] = []
        for removal in change.rows.removals where removal.movedTo == nil {
            lines.append(diffRow("removed", removal.element, "row \(removal.offset + 1)", in: before))
        }
        for insertion in change.rows.insertions {
            if let from = insertion.movedFrom {
                lines.append(
                    diffRow("moved", insertion.element, "row \(from + 1) → \(insertion.offset + 1)", in: after))
            } else {
                lines.append(diffRow("inserted", insertion.element, "row \(insertion.offset + 1)", in: after))
            }
        }
        for update in change.rows.updates {
            lines.append(diffRow("updated", update.element, "row \(update.newOffset + 1)", in: after))
        }
        return lines
    }

    /// `removed  3  plan.pdf  (row 2)`: the change, the id, the object's label and where.
    private static func diffRow(_ what: String, _ id: ObjectID, _ place: String, in graph: ObjectGraph) -> [String] {
        [what, ResultTable.keyText(id.id), ResultTable.label(id, in: graph), "(\(place))"]
    }
}
