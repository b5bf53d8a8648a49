import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

extension ReplSession {
    /// Evaluates a predicate against the current objects and prints the matches as a table
    /// and their count with the time taken: `2 objects (0.1 ms)`. Errors print as
    /// `predicate eval` prints them: the caret under the input and a did-you-mean.
    mutating func evaluate(_ format: String) -> ReplReply {
        let node: PredicateNode
        do {
            node = try PredicateParser().parsePredicate(format, arguments: arguments)
        } catch {
            return .error(error.rendered)
        }
        lastPredicate = (format, node)
        switch objects {
        case .none:
            return .error("nothing is loaded; :load FILE loads a JSON array or an object graph")
        case .graph(let graph, _):
            switch answer(for: graph) {
            case .success(let answer):
                var text = rowsText(answer.rows, graph: graph, elapsed: answer.elapsed)
                if let note = answer.untracked { text += note }
                return .output(databaseLine(format).map { text + $0 } ?? text)
            case .failure(let failure):
                return .error(failure.message)
            }
        case .data(let values, _):
            return filter(values, with: node, format: format)
        }
    }

    /// The table and the count line of graph rows.
    func rowsText(_ rows: [ObjectID], graph: ObjectGraph, elapsed: UInt64?) -> String {
        let table =
            rows.isEmpty
            ? "" : printed(ResultTable(rows: rows, entity: entity ?? "", graph: graph, columns: chosenColumns))
        return table + countLine(rows.count, elapsed: elapsed)
    }

    /// `3 objects (0.1 ms)`, `2 objects (0.1 ms, limit 2)`.
    func countLine(_ count: Int, elapsed: UInt64?) -> String {
        var notes: [String] = []
        if let elapsed { notes.append(String(format: "%.1f ms", Double(elapsed) / 1_000_000)) }
        if let limit { notes.append("limit \(limit)") }
        return Self.count(count, "object") + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")") + "\n"
    }

    /// The fetch request of the last predicate (every object without one), with the sort keys,
    /// the limit and the `$variables` substituted; checked against the schema first so that
    /// errors carry carets.
    func fetchRequest(for graph: ObjectGraph) -> Result<FetchRequest, CommandFailure> {
        guard let entity else {
            return .failure(
                CommandFailure(status: ExitStatus.usage, message: "no entity; choose one with :entity NAME"))
        }
        var predicate: PredicateNode?
        if let (format, node) = lastPredicate {
            switch StoreInputs.check(node, format: format, schema: graph.schema, entity: entity) {
            case .success: break
            case .failure(let failure): return .failure(failure)
            }
            do {
                predicate = try node.substitutingVariables(variables)
            } catch {
                let message = error.diagnostic.render(in: format) + "\nnote: set it with :let NAME = JSON"
                return .failure(CommandFailure(status: ExitStatus.invalidInput, message: message))
            }
        }
        return .success(FetchRequest(entity: entity, predicate: predicate, sortKeys: sortKeys, fetchLimit: limit))
    }

    /// The rows of the last predicate over `graph`, the time the fetch took, and, when a key
    /// path cannot be tracked (a relationship whose inverse does not point back), a note naming
    /// it: the rows are answered all the same, only `:apply` cannot keep them current.
    ///
    /// ```
    /// 2 objects (0.1 ms)
    /// note: 'artist.name' cannot be tracked: 'Image.artist' names the inverse 'Artist.thumbnail', …; :apply refuses this query
    /// ```
    func answer(for graph: ObjectGraph) -> Result<
        (rows: [ObjectID], elapsed: UInt64, untracked: String?), CommandFailure
    > {
        fetchRequest(for: graph).flatMap { request in
            let start = clock()
            do throws(LiveResultsError) {
                do throws(LiveResultsError) {
                    let results = try LiveResultSet(request: request, graph: graph)
                    return .success((results.rows, clock() - start, nil))
                } catch {
                    guard let untracked = error.dependencyError,
                        untracked.kind == .missingInverse || untracked.kind == .untrackable
                    else { throw error }
                    let rows = try graph.fetch(request)
                    let what = untracked.keyPath.map { "'\($0)' cannot be tracked: " } ?? "not trackable: "
                    return .success(
                        (rows, clock() - start, "note: \(what)\(untracked.message); :apply refuses this query\n"))
                }
            } catch {
                return .failure(CommandFailure(status: ExitStatus.failure, message: "error: \(error.message)"))
            }
        }
    }

    /// The live results of the last predicate over `graph`, and the time the fetch took.
    func liveResults(for graph: ObjectGraph) -> Result<(LiveResultSet, UInt64), CommandFailure> {
        fetchRequest(for: graph).flatMap { request in
            let start = clock()
            do throws(LiveResultsError) {
                let results = try LiveResultSet(request: request, graph: graph)
                return .success((results, clock() - start))
            } catch {
                return .failure(CommandFailure(status: ExitStatus.failure, message: "error: \(error.message)"))
            }
        }
    }

    /// Filters a JSON array (the `--data` form), sorts the matches and applies the limit.
    func filter(_ values: [PredicateValue], with node: PredicateNode, format: String) -> ReplReply {
        let compiled: CompiledPredicate<PredicateValue>
        do {
            let compiler = PredicateCompiler(variables: variables.mapValues(EvaluationValue.init))
            compiled = try compiler.compile(node, for: PredicateValue.self)
        } catch {
            return .error(CommandSupport.render(error, in: format))
        }
        let start = clock()
        var matches: [(index: Int, value: PredicateValue)] = []
        for (index, value) in values.enumerated() {
            do {
                if try compiled.evaluate(value) { matches.append((index, value)) }
            } catch {
                return .error("object \(index): \(error.message)")
            }
        }
        switch sorted(matches) {
        case .success(let ordered): matches = ordered
        case .failure(let failure): return .error(failure.message)
        }
        if let limit { matches = Array(matches.prefix(limit)) }
        let elapsed = clock() - start
        let table = matches.isEmpty ? "" : printed(ResultTable(values: matches, columns: chosenColumns))
        return .output(table + countLine(matches.count, elapsed: elapsed))
    }

    /// JSON values in the order of the sort keys (ties keep the array's order).
    func sorted(_ matches: [(index: Int, value: PredicateValue)]) -> Result<
        [(index: Int, value: PredicateValue)], CommandFailure
    > {
        guard !sortKeys.isEmpty else { return .success(matches) }
        var keyed: [(values: [EvaluationValue], match: (index: Int, value: PredicateValue))] = []
        for match in matches {
            var values: [EvaluationValue] = []
            for key in sortKeys {
                do {
                    let expression = try PredicateParser().parseExpression(Self.escaped(key.keyPath))
                    values.append(try ReferenceInterpreter().evaluate(expression, on: EvaluationValue(match.value)))
                } catch {
                    return .failure(
                        CommandFailure(
                            status: ExitStatus.failure,
                            message: "sort key '\(key.keyPath)', object \(match.index): \(error)"))
                }
            }
            keyed.append((values, match))
        }
        keyed.sort { left, right in
            for (index, key) in sortKeys.enumerated() {
                let order = SortComparison.compare(left.values[index], right.values[index], mode: key.comparison)
                if order != .orderedSame { return (order == .orderedAscending) == key.ascending }
            }
            return left.match.index < right.match.index
        }
        return .success(keyed.map(\.match))
    }
}
