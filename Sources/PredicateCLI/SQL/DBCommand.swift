import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

/// `predicate db create --schema FILE --db TARGET [--graph FILE] [--mapping default|coredata]
/// [--replace]` creates the tables (and indexes) of the schema and loads the graph;
/// `predicate db export --schema FILE --db TARGET [--mapping default|coredata]` prints the
/// database's objects as an object-graph JSON file; `predicate db prune --db TARGET --before SEQ`
/// removes the change log's entries before a sequence number.
struct DBCommand: ToolCommand {
    static let name = "db"
    static let summary = "create a database from a schema and a graph, export one as a graph, prune its log"
    static let usage = """
        predicate db create --schema FILE --db TARGET [--graph FILE.json] [--mapping default|coredata] [--replace]
        predicate db export --schema FILE --db TARGET [--mapping default|coredata]
        predicate db prune --db TARGET --before SEQ
          --db TARGET     a SQLite file, or a postgres:// or postgresql:// URL
                          (connect_timeout=10 unless the URL sets it; passwords are never printed)
          --graph FILE    an object graph to load: {"Entity": [{"id": 1, ...}], ...}
          --mapping NAME  default (Docs/sql-mapping.md) or coredata (Core Data's store layout)
          --replace       replace an existing database (else 'create' refuses it)
          --before SEQ    'prune' removes the change log's entries numbered below SEQ
        'create' makes the tables and indexes (and, on PostgreSQL, installs the helper
        functions), records the schema and loads the graph, all or nothing: a SQLite file is
        built beside the target and renamed over it at the end. 'export' reads every object
        back and prints the graph JSON, so a Core Data store can be opened in memory, or moved
        to PostgreSQL with 'db export' then 'db create'. Both check the database against the
        schema first (exit status 2 when they differ). 'create' also makes the change log
        that 'predicate apply' writes (Docs/database-store.md); 'prune' removes its old
        entries and prints how many, and the oldest number kept (a watcher that needs a
        pruned entry refetches in full).
        """

    enum Action: String {
        case create, export, prune
    }

    var action: Action
    var schemaPath: String?
    var target: DatabaseTarget
    var graphPath: String?
    var mapping: String
    var replace: Bool
    var before: Int64?

    init(arguments scanner: inout ArgumentScanner) throws(UsageError) {
        let word = try scanner.positional("create, export or prune")
        guard let action = Action(rawValue: word) else {
            throw UsageError("expected 'create', 'export' or 'prune', not '\(word)'")
        }
        self.action = action
        schemaPath = action == .prune ? try scanner.value(for: "--schema") : try scanner.requiredValue(for: "--schema")
        target = try DatabaseTarget(try scanner.requiredValue(for: "--db"))
        graphPath = try scanner.value(for: "--graph")
        mapping = try MappingOption.parse(try scanner.value(for: "--mapping"))
        replace = scanner.flag("--replace")
        if action == .export, graphPath != nil { throw UsageError("--graph is for 'db create'") }
        if action == .export, replace { throw UsageError("--replace is for 'db create'") }
        let before = try scanner.value(for: "--before")
        if action == .prune {
            guard let before else { throw UsageError("missing required option '--before'") }
            guard let sequence = Int64(before), sequence >= 0 else {
                throw UsageError("--before \(before): expected a sequence number ≥ 0")
            }
            if graphPath != nil || replace { throw UsageError("--graph and --replace are for 'db create'") }
            self.before = sequence
        } else if before != nil {
            throw UsageError("--before is for 'db prune'")
        }
    }

    func run(io: ToolIO) -> Int32 {
        if action == .prune { return prune(io: io) }
        let schema: Schema
        switch StoreInputs.schema(schemaPath ?? "", io: io) {
        case .success(let loaded): schema = loaded
        case .failure(let failure): return failure.report(io)
        }
        switch action {
        case .create: return create(schema, io: io)
        case .export: return export(schema, io: io)
        case .prune: return prune(io: io)
        }
    }

    private func create(_ schema: Schema, io: ToolIO) -> Int32 {
        // Rows written as the file is read when it allows it; otherwise (nothing written) the
        // whole graph is loaded, checked and written below.
        if let graphPath,
            let (tables, objects) = DatabaseCreation(target: target, replace: replace).createStreamed(
                schema, graphPath: graphPath, coreData: mapping == "coredata")
        {
            io.writeError(
                "created \(CommandSupport.count(tables, "table")), loaded \(CommandSupport.count(objects, "object"))\n")
            return ExitStatus.success
        }
        var graph = ObjectGraph(schema: schema)
        if let graphPath {
            switch StoreInputs.graph(graphPath, schema: schema) {
            case .success(let loaded): graph = loaded
            case .failure(let failure): return failure.report(io)
            }
        }
        // The mapping, every name and every id are checked before the database is touched.
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
        do {
            try graph.checkSQLKeys(mapping)
        } catch {
            return CommandFailure(status: ExitStatus.invalidInput, message: "\(error)").report(io)
        }
        // The rows are made from the graph as they are written, and checked as they come: a
        // value the database cannot keep stops the load, which then leaves nothing behind.
        let content = DatabaseCreation.Content(
            definition: SQLSchemaDefinition.statements(for: mapping, dialect: dialect, indexes: false),
            load: { [graph] database in try graph.write(into: database, mapping: mapping) },
            indexes: SQLSchemaDefinition.indexStatements(for: mapping, dialect: dialect)
                + SQLChangeLogTables.freshLog(dialect: dialect))
        switch DatabaseCreation(target: target, replace: replace).create(content, mapping: mapping) {
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

    /// `db prune`: removes the log's entries before `--before`, prints `pruned N entries; the
    /// oldest kept is S`.
    private func prune(io: ToolIO) -> Int32 {
        let database: any SQLDatabase
        switch target.openForWriting() {
        case .success(let opened): database = opened
        case .failure(let failure): return failure.report(io)
        }
        let log = ChangeLog(database: database)
        do {
            let removed = try log.prune(before: before ?? 0)
            io.write(
                "pruned \(CommandSupport.count(removed, "entry", plural: "entries")); "
                    + "the oldest kept is \(try log.firstKeptSequence())\n")
            return ExitStatus.success
        } catch ChangeLogError.missing {
            return CommandFailure(status: ExitStatus.invalidInput, message: "\(ChangeLogError.missing)").report(io)
        } catch {
            return CommandFailure(status: ExitStatus.failure, message: "cannot prune the change log: \(error)")
                .report(io)
        }
    }
}
