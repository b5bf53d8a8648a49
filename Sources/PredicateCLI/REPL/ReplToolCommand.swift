import Foundation
import KeyPaths
import ObjectStore
import Predicates

/// `predicate repl [--schema FILE] [--graph FILE | --data FILE] [--entity NAME]`, also what
/// `predicate` alone runs: an interactive session on the bundled sample unless the options
/// name other files. On a terminal it edits lines (history, tab completion) and prints a
/// banner; fed through a pipe (`predicate < session.txt`) it prints only the replies, and
/// exits with status 2 when a line failed.
struct ReplToolCommand: ToolCommand {
    static let name = "repl"
    static let summary = "an interactive session: type predicates, see the matching objects (the default)"
    static let usage = """
        predicate [repl] [--schema FILE] [--graph FILE | --data FILE] [--entity NAME] [--db TARGET [--mapping default|coredata]]
          --schema FILE  a .json schema, else an Xcode Core Data model (.xcdatamodeld)
          --graph FILE   an object graph for the schema: {"Entity": [{"id": 1, "key": value, …}], …}
          --data FILE    a JSON array of objects (no schema needed)
          --entity NAME  the entity predicates filter (default Content, else the first one)
          --db TARGET    also run predicates in a SQLite file or a postgres:// database (its
                         objects are read into memory when no --graph is given)
          --mapping NAME default, or coredata for a store written by Core Data
        Without options: the bundled sample (the Content/Bucket/User/Tag model and its graph).
        A graph without --schema uses the bundled model. Each input line is a predicate, or a
        command: type :help. With standard input not a terminal: no prompt, no banner, no
        colours; exit status 2 when a line failed, 0 otherwise.
        """

    var schemaPath: String?
    var graphPath: String?
    var dataPath: String?
    var entity: String?
    var databaseTarget: String?
    var mappingName = "default"

    /// The REPL on the bundled sample.
    static let sample = ReplToolCommand(schemaPath: nil, graphPath: nil, dataPath: nil, entity: nil)

    init(schemaPath: String?, graphPath: String?, dataPath: String?, entity: String?) {
        self.schemaPath = schemaPath
        self.graphPath = graphPath
        self.dataPath = dataPath
        self.entity = entity
    }

    init(arguments scanner: inout ArgumentScanner) throws(UsageError) {
        schemaPath = try scanner.value(for: "--schema")
        graphPath = try scanner.value(for: "--graph")
        dataPath = try scanner.value(for: "--data")
        entity = try scanner.value(for: "--entity")
        databaseTarget = try scanner.value(for: "--db")
        if let databaseTarget { _ = try DatabaseTarget(databaseTarget) }  // a malformed URL is a usage error
        mappingName = try MappingOption.parse(try scanner.value(for: "--mapping"))
        if graphPath != nil, dataPath != nil { throw UsageError("give --graph FILE or --data FILE, not both") }
        if databaseTarget != nil, dataPath != nil { throw UsageError("--db needs a schema's objects, not --data") }
    }

    func run(io: ToolIO) -> Int32 {
        var session: ReplSession
        switch makeSession() {
        case .success(let made):
            session = made
            session.terminalWidth = io.terminalWidth
        case .failure(let failure):
            io.reportError("predicate repl: " + failure.message + "\n")
            return failure.status
        }
        if schemaPath != nil, let schema = session.schema { StoreInputs.reportWarnings(schema, io: io) }
        return io.terminal.inputIsTerminal
            ? ReplLoop.runInteractive(&session, io: io) : ReplLoop.runScript(&session, io: io)
    }

    /// The session the options describe.
    func makeSession() -> Result<ReplSession, CommandFailure> {
        let schema: Schema
        let schemaName: String
        if let schemaPath {
            switch StoreInputs.schema(schemaPath) {
            case .success(let loaded): schema = loaded
            case .failure(let failure): return .failure(failure)
            }
            schemaName = schemaPath
        } else {
            do {
                schema = try CoreDataModelLoader.load(string: BundledSample.model)
            } catch {
                return .failure(CommandFailure(status: ExitStatus.failure, message: "the bundled model: \(error)"))
            }
            schemaName = BundledSample.modelName
        }
        let objects: ReplSession.Objects
        if let dataPath {
            switch CommandSupport.readJSONFile(dataPath) {
            case .success(.array(let values)): objects = .data(values, name: dataPath)
            case .success:
                return .failure(
                    CommandFailure(status: ExitStatus.invalidInput, message: "'\(dataPath)' must hold a JSON array"))
            case .failure(let failure): return .failure(failure)
            }
        } else if let graphPath {
            switch StoreInputs.graph(graphPath, schema: schema) {
            case .success(let graph): objects = .graph(graph, name: graphPath)
            case .failure(let failure): return .failure(failure)
            }
        } else if schemaPath == nil {
            do {
                let graph = try ObjectGraph.load(json: Data(BundledSample.graph.utf8), schema: schema)
                objects = .graph(graph, name: BundledSample.graphName)
            } catch {
                return .failure(CommandFailure(status: ExitStatus.failure, message: "the bundled graph: \(error)"))
            }
        } else {
            objects = .graph(ObjectGraph(schema: schema), name: "an empty graph")
        }
        var session = ReplSession(
            schema: dataPath != nil && schemaPath == nil ? nil : schema,
            schemaName: dataPath != nil && schemaPath == nil ? nil : schemaName, objects: objects,
            entity: ReplSession.firstEntity(of: schema))
        if let databaseTarget {
            let reply = session.attachDatabase(databaseTarget + " " + mappingName)
            if reply.isError {
                return .failure(CommandFailure(status: ExitStatus.failure, message: String(reply.text.dropLast())))
            }
        }
        if let entity {
            let reply = session.selectEntity(entity)
            if reply.isError {
                return .failure(CommandFailure(status: ExitStatus.usage, message: "--entity " + reply.text.dropLast()))
            }
        }
        return .success(session)
    }
}
