import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import PredicateCLI
import Predicates

/// The worker side of a database case: `db create` (a SQLite file in the worker's directory),
/// `db export`, `db create` of the export and `db export` again, then each predicate through
/// `query` and `eval --graph`. What must hold:
///
/// - every command exits 0 or 2 (`db create` 2 only when the case may be refused, and then
///   without leaving a file); 1 and 64 are failures, as is a trap (seen by the parent);
/// - the export, read as a graph, is the graph the file gave (compared as graphs: ids as ids,
///   objects and values, ordered lists in order), and exporting what the export creates gives
///   the same text;
/// - `query` and `eval --graph` give the same objects, or both refuse or fail (`query` may
///   also refuse a predicate the lowering cannot translate exactly: exit 2).
struct FuzzStoreWorker {
    let input: FuzzStoreInput
    let directory: String
    /// The self-test's broken round trip: the export read back with an object added.
    let breakRoundTrip: Bool

    /// What happened, for the parent's tally (one line on standard output).
    private(set) var outcome = "refused"
    private(set) var compared = 0
    private(set) var loweringRefused = 0
    private(set) var printRefused = 0
    private(set) var bothFailed = 0

    init(input: FuzzStoreInput, directory: String, breakRoundTrip: Bool = false) {
        self.input = input
        self.directory = directory
        self.breakRoundTrip = breakRoundTrip
    }

    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    func tool(_ arguments: [String]) -> Run {
        let buffer = ToolIOBuffer()
        let status = PredicateTool.run(arguments, io: buffer.io)
        return Run(status: status, output: buffer.output, error: buffer.errorOutput)
    }

    /// Runs the case; a description of the failure, or `nil`.
    mutating func run() -> String? {
        let schemaPath = directory + "/schema.json"
        let graphPath = directory + "/graph.json"
        let database = directory + "/store.sqlite"
        let mapping = ["--mapping", input.mapping]
        _ = FileManager.default.createFile(atPath: schemaPath, contents: Data(input.schema.utf8))
        _ = FileManager.default.createFile(atPath: graphPath, contents: Data(input.graph.utf8))
        let create = tool(["db", "create", "--schema", schemaPath, "--graph", graphPath, "--db", database] + mapping)
        switch create.status {
        case 0: break
        case 2:
            guard let reason = input.mayBeRefused else {
                return "db create refused a case it must create (exit 2): \(create.error)"
            }
            if FileManager.default.fileExists(atPath: database) {
                return "db create refused the case (\(reason)) but left \(database) behind"
            }
            return nil
        default:
            return "db create exited with \(create.status): \(create.error)"
        }
        outcome = "created"
        let export = tool(["db", "export", "--schema", schemaPath, "--db", database] + mapping)
        guard export.status == 0 else { return "db export exited with \(export.status): \(export.error)" }
        let exported = breakRoundTrip ? Self.withExtraObject(export.output) : export.output
        if let problem = roundTripProblem(schemaPath: schemaPath, exported: exported) { return problem }
        let exportPath = directory + "/export.json"
        _ = FileManager.default.createFile(atPath: exportPath, contents: Data(export.output.utf8))
        let second = directory + "/second.sqlite"
        let again = tool(["db", "create", "--schema", schemaPath, "--graph", exportPath, "--db", second] + mapping)
        guard again.status == 0 else { return "db create of the export exited with \(again.status): \(again.error)" }
        let secondExport = tool(["db", "export", "--schema", schemaPath, "--db", second] + mapping)
        guard secondExport.status == 0, secondExport.output == export.output else {
            return "export → create → export is no fixed point (exit \(secondExport.status)):\n\(export.output)\n≠\n"
                + secondExport.output + secondExport.error
        }
        for query in input.queries {
            if let problem = compare(query, schemaPath: schemaPath, graphPath: graphPath, database: database) {
                return problem
            }
        }
        return nil
    }

    /// How the export differs from the graph file, or `nil`.
    func roundTripProblem(schemaPath: String, exported: String) -> String? {
        let schema: Schema
        let expected: ObjectGraph
        do {
            schema = try Schema.load(contentsOf: URL(fileURLWithPath: schemaPath))
            expected = try ObjectGraph.load(json: Data(input.graph.utf8), schema: schema)
        } catch {
            return "db create accepted a schema and graph the loaders refuse: \(error)"
        }
        let actual: ObjectGraph
        do {
            actual = try ObjectGraph.load(json: Data(exported.utf8), schema: schema)
        } catch {
            return "the export does not load: \(error)\n\(exported)"
        }
        guard actual == expected else {
            return "round trip: the export is not the graph created: " + Self.differences(expected, actual)
        }
        return nil
    }

    /// The first few objects and values that differ: `E1 "a": missing`, `E0 3, 'when': … ≠ …`.
    static func differences(_ expected: ObjectGraph, _ actual: ObjectGraph) -> String {
        var lines: [String] = []
        let schema = expected.schema
        for entity in schema.entityNames {
            let wanted = expected.objects(of: entity).filter { expected.entity(of: $0) == entity }
            let found = actual.objects(of: entity).filter { actual.entity(of: $0) == entity }
            for object in Set(found).subtracting(wanted) { lines.append("\(entity) \(object.id): not created") }
            for object in wanted {
                guard actual.entity(of: object) == entity else {
                    lines.append("\(entity) \(object.id): missing")
                    continue
                }
                for property in schema.allProperties(of: entity) {
                    let a = try? expected.value(forKey: property.name, of: object)
                    let b = try? actual.value(forKey: property.name, of: object)
                    if a != b {
                        lines.append(
                            "\(entity) \(object.id), '\(property.name)': \(String(describing: a)) ≠ \(String(describing: b))"
                        )
                    }
                }
            }
        }
        return lines.isEmpty ? "(the graphs differ)" : lines.prefix(8).joined(separator: "\n")
    }

    /// `query` and `eval --graph` on one predicate; a description of their disagreement, or `nil`.
    mutating func compare(_ query: FuzzStoreInput.Query, schemaPath: String, graphPath: String, database: String)
        -> String?
    {
        let arguments = query.arguments.flatMap { ["--arg", $0] }
        let sql = tool(
            [
                "query", query.format, "--schema", schemaPath, "--entity", query.entity, "--db", database, "--mapping",
                input.mapping,
            ] + arguments)
        let memory = tool(
            ["eval", query.format, "--schema", schemaPath, "--graph", graphPath, "--entity", query.entity] + arguments)
        let shown = "\(query.entity): \(query.format) " + query.arguments.joined(separator: " ")
        for run in [sql, memory] where ![0, 1, 2].contains(run.status) {
            return "exit \(run.status) (usage) for \(shown): \(run.error)"
        }
        switch (sql.status, memory.status) {
        case (0, 0):
            let fromSQL = Self.ids(jsonArray: sql.output)
            let fromMemory = Self.ids(objectLines: memory.output)
            guard let fromSQL, let fromMemory, fromSQL.sorted() == fromMemory.sorted() else {
                return "query and eval --graph disagree on \(shown)\nquery: \(sql.output)eval: \(memory.output)"
            }
            compared += 1
        case (2, 0):
            loweringRefused += 1
        case (0, 2) where memory.error.contains("an object is printed as {\"entity\", \"id\", …}"):
            // eval prints objects as {"entity", "id", …}: a property of either name holding a
            // value is refused there (query prints ids only).
            printRefused += 1
        case (0, _):
            return "query answers but eval --graph fails (exit \(memory.status)) on \(shown)\nquery: \(sql.output)"
                + "eval: \(memory.error)"
        case (1, 0):
            return "query fails but eval --graph answers on \(shown)\nquery: \(sql.error)eval: \(memory.output)"
        default:
            bothFailed += 1
        }
        return nil
    }

    /// The ids of `query`'s JSON array.
    static func ids(jsonArray text: String) -> [ObjectKey]? {
        guard case .array(let items)? = try? PredicateValue(json: text) else { return nil }
        let keys = items.compactMap(ObjectKey.init)
        return keys.count == items.count ? keys : nil
    }

    /// The ids of `eval --graph`'s objects, one JSON object per line.
    static func ids(objectLines text: String) -> [ObjectKey]? {
        var keys: [ObjectKey] = []
        for line in text.split(separator: "\n") {
            var trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("{") else { continue }
            if trimmed.hasSuffix(",") { trimmed.removeLast() }
            guard case .dictionary(let object)? = try? PredicateValue(json: trimmed),
                let id = object["id"].flatMap(ObjectKey.init)
            else { return nil }
            keys.append(id)
        }
        return keys
    }

    /// The exported `graph` with one more object, of its first entity with objects: the
    /// self-test's broken round trip (the text unchanged when it has no object).
    static func withExtraObject(_ graph: String) -> String {
        guard var objects = try? JSONDecoder().decode([String: [InsertedObject]].self, from: Data(graph.utf8)),
            let entity = objects.keys.sorted().first(where: { objects[$0]?.isEmpty == false })
        else { return graph }
        objects[entity]?.append(InsertedObject(id: .string("added by the self-test")))
        return (try? FuzzStoreInput.encodedGraph(objects)) ?? graph
    }
}
