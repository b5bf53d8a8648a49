import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

/// `predicate db create --schema FILE --db TARGET [--graph FILE] [--mapping default|coredata]
/// [--replace]` creates the tables (and indexes) of the schema and loads the graph;
/// `predicate db export --schema FILE --db TARGET [--mapping default|coredata]` prints the
/// database's objects as an object-graph JSON file.
struct DBCommand: ToolCommand {
    static let name = "db"
    static let summary = "create a database from a schema and a graph, or export one as a graph"
    static let usage = """
        predicate db create --schema FILE --db TARGET [--graph FILE.json] [--mapping default|coredata] [--replace]
        predicate db export --schema FILE --db TARGET [--mapping default|coredata]
          --db TARGET     a SQLite file, or a postgres:// or postgresql:// URL
                          (connect_timeout=10 unless the URL sets it; passwords are never printed)
          --graph FILE    an object graph to load: {"Entity": [{"id": 1, ...}], ...}
          --mapping NAME  default (Docs/sql-mapping.md) or coredata (Core Data's store layout)
          --replace       replace an existing database (else 'create' refuses it)
        'create' makes the tables and indexes (and, on PostgreSQL, installs the helper
        functions), records the schema and loads the graph, all or nothing: a SQLite file is
        built beside the target and renamed over it at the end. 'export' reads every object
        back and prints the graph JSON, so a Core Data store can be opened in memory, or moved
        to PostgreSQL with 'db export' then 'db create'. Both check the database against the
        schema first (exit status 2 when they differ).
        """

    enum Action: String {
        case create, export
    }

    var action: Action
    var schemaPath: String
    var target: DatabaseTarget
    var graphPath: String?
    var mapping: String
    var replace: Bool

    init(arguments scanner: inout ArgumentScanner) throws(UsageError) {
        let word = try scanner.positional("create or export")
        guard let action = Action(rawValue: word) else {
            throw UsageError("expected 'create' or 'export', not '\(word)'")
        }
        self.action = action
        schemaPath = try scanner.requiredValue(for: "--schema")
        target = try DatabaseTarget(try scanner.requiredValue(for: "--db"))
        graphPath = try scanner.value(for: "--graph")
        mapping = try MappingOption.parse(try scanner.value(for: "--mapping"))
        replace = scanner.flag("--replace")
        if action == .export, graphPath != nil { throw UsageError("--graph is for 'db create'") }
        if action == .export, replace { throw UsageError("--replace is for 'db create'") }
    }

    func run(io: ToolIO) -> Int32 {
        let schema: Schema
        switch StoreInputs.schema(schemaPath, io: io) {
        case .success(let loaded): schema = loaded
        case .failure(let failure): return failure.report(io)
        }
        switch action {
        case .create: return create(schema, io: io)
        case .export: return export(schema, io: io)
        }
    }

    private func create(_ schema: Schema, io: ToolIO) -> Int32 {
        var graph = ObjectGraph(schema: schema)
        if let graphPath {
            switch StoreInputs.graph(graphPath, schema: schema) {
            case .success(let loaded): graph = loaded
            case .failure(let failure): return failure.report(io)
            }
        }
        // Everything is checked and every statement made before the database is touched.
        let dialect = target.dialect
        let mapping: SQLMapping
        do {
            mapping =
                self.mapping == "coredata"
                ? try SQLMapping.coreData(schema) : try SQLMapping.standard(schema, keyTypes: graph.sqlKeyTypes())
        } catch {
            return CommandFailure(status: ExitStatus.invalidInput, message: "\(error)").report(io)
        }
        let problems = SQLSchemaDefinition.problems(for: mapping, dialect: dialect)
        if let first = problems.first {
            let others =
                switch problems.count {
                case 1: ""
                case 2: " (and 1 other name problem)"
                default: " (and \(problems.count - 1) other name problems)"
                }
            return CommandFailure(
                status: ExitStatus.invalidInput, message: "cannot create the database: \(first)\(others)"
            )
            .report(io)
        }
        let statements: [SQLStatement]
        do {
            statements =
                SQLSchemaDefinition.statements(for: mapping, dialect: dialect)
                + (try graph.insertStatements(mapping: mapping, dialect: dialect))
        } catch {
            return CommandFailure(status: ExitStatus.invalidInput, message: "\(error)").report(io)
        }
        switch DatabaseCreation(target: target, replace: replace).create(statements, mapping: mapping) {
        case .success:
            io.writeError(
                "created \(CommandSupport.count(mapping.entityTables.count + mapping.joinTables.count, "table")), "
                    + "loaded \(CommandSupport.count(graph.count, "object"))\n"
            )
            return ExitStatus.success
        case .failure(let failure): return failure.report(io)
        }
    }

    private func export(_ schema: Schema, io: ToolIO) -> Int32 {
        let database: any SQLDatabase
        switch target.open(create: false) {
        case .success(let opened): database = opened
        case .failure(let failure): return failure.report(io)
        }
        let mapping: SQLMapping
        switch database.verifiedMapping(self.mapping, schema: schema) {
        case .success(let value): mapping = value
        case .failure(let failure): return failure.report(io)
        }
        do {
            let graph = try ObjectGraph.read(from: database, mapping: mapping)
            io.write(String(decoding: try graph.jsonData(), as: UTF8.self) + "\n")
            return ExitStatus.success
        } catch let errors as GraphErrors {
            return CommandFailure(status: ExitStatus.invalidInput, message: "\(errors)").report(io)
        } catch {
            return CommandFailure(status: ExitStatus.failure, message: "cannot export: \(error)").report(io)
        }
    }
}
