import Evaluation
import KeyPaths
import Predicates

extension LiveResultSet {
    /// What a fetch request compiles to for a graph: the checked and compiled predicate, a
    /// reader per sort key (the section key first), and the change matcher of the query's
    /// dependencies (predicate: membership; sort keys: order; refresh key paths: display).
    struct Plan: Sendable {
        let hierarchy: Int
        let rootNumber: Int
        let predicate: CompiledPredicate<GraphObject>?
        let sortKeys: [SortKey]
        let readers: [@Sendable (GraphObject) throws(EvaluationError) -> EvaluationValue]
        let matcher: ChangeMatcher

        /// The plan of `request`; without `tracksChanges` its matcher follows no key path (the
        /// rows are fetched once, ``ObjectGraph/fetch(_:)``).
        init(request: FetchRequest, graph: ObjectGraph, tracksChanges: Bool = true) throws(LiveResultsError) {
            let layout = graph.layout
            guard let number = layout.numbers[request.entity] else {
                var message = "no entity named '\(request.entity)'"
                if let guess = EditDistance.bestMatch(for: request.entity, among: layout.names) {
                    message += "; did you mean '\(guess)'?"
                }
                throw LiveResultsError(message)
            }
            rootNumber = number
            hierarchy = layout.hierarchyOf[number]
            if let problem = request.window.problem { throw LiveResultsError("the fetch request's window: \(problem)") }
            var checked: CheckedPredicate?
            if let node = request.predicate {
                do {
                    checked = try CheckedPredicate(node, schema: graph.schema, entity: request.entity)
                } catch {
                    throw LiveResultsError(error.rendered, diagnostics: error.diagnostics)
                }
            }
            if let checked {
                do {
                    predicate = try PredicateCompiler().compile(checked, for: graph)
                } catch {
                    throw LiveResultsError("the predicate cannot be compiled: \(error.message)")
                }
            } else {
                predicate = nil
            }
            // The section key path and the sort keys end in an attribute (OrderingKeyPath's rule).
            do throws(SchemaCheckError) {
                if let section = request.sectionKeyPath {
                    try OrderingKeyPath.resolve(
                        section, role: .sectionKeyPath, schema: graph.schema, entity: request.entity)
                }
                for key in request.sortKeys {
                    try OrderingKeyPath.resolve(
                        key.keyPath, role: .sortKey, schema: graph.schema, entity: request.entity)
                }
            } catch {
                throw LiveResultsError(error.rendered, diagnostics: error.diagnostics)
            }
            sortKeys = request.effectiveSortKeys
            let access = GraphRootAccess(layout: layout, entity: request.entity)
            readers = sortKeys.map { access.reader($0.keyPath) }
            do {
                let orderPaths = sortKeys.map(\.keyPath)
                let dependencies: QueryDependencies
                if !tracksChanges {
                    dependencies = try QueryDependencies(schema: graph.schema, rootEntity: request.entity, keyPaths: [])
                } else if let checked {
                    dependencies = try QueryDependencies(
                        checked, sortKeyPaths: orderPaths, displayKeyPaths: request.refreshKeyPaths)
                } else {
                    dependencies = try QueryDependencies(
                        schema: graph.schema, rootEntity: request.entity, predicate: nil, sortKeyPaths: orderPaths,
                        displayKeyPaths: request.refreshKeyPaths)
                }
                matcher = ChangeMatcher(dependencies: dependencies)
            } catch {
                throw LiveResultsError(
                    "the request's key paths cannot be tracked: \(error.description)", dependencyError: error)
            }
        }

        /// Whether row `row` of the root hierarchy is a live object of the root entity that
        /// matches the predicate.
        func matches(row: Int, in graph: ObjectGraph) throws(LiveResultsError) -> Bool {
            let table = graph.storage.tables[hierarchy]
            let entity = Int(table.entities[row])
            guard entity >= 0, graph.layout.isKind(entity, of: rootNumber) else { return false }
            guard let predicate else { return true }
            let object = GraphObject(storage: graph.storage, layout: graph.layout, hierarchy: hierarchy, row: row)
            do {
                return try predicate.evaluate(object)
            } catch {
                throw LiveResultsError("\(object.id): \(error.message)")
            }
        }

        /// The sort values of row `row`.
        func sortValues(row: Int, in graph: ObjectGraph) throws(LiveResultsError) -> [EvaluationValue] {
            let object = GraphObject(storage: graph.storage, layout: graph.layout, hierarchy: hierarchy, row: row)
            var values: [EvaluationValue] = []
            values.reserveCapacity(readers.count)
            for reader in readers {
                do {
                    values.append(try reader(object))
                } catch {
                    throw LiveResultsError("\(object.id): \(error.message)")
                }
            }
            return values
        }
    }
}
