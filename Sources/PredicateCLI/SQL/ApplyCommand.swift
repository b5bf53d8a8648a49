import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

/// `predicate apply --db TARGET --schema FILE [--mapping default|coredata] CHANGES…`: writes
/// change sets to a database (``DatabaseStore``), each in its own transaction, in order, and
/// prints one JSON line per change set with its log sequence number and the change set as
/// applied (cascades and inverses included).
struct ApplyCommand: ToolCommand {
    static let name = "apply"
    static let summary = "write change sets to a SQLite or PostgreSQL database, logged for watchers"
    static let usage = """
        predicate apply --db TARGET --schema FILE [--mapping default|coredata] CHANGES.json...
          --db TARGET     a SQLite file, or a postgres:// or postgresql:// URL
          --schema FILE   the schema the database was created from (checked first)
          --mapping NAME  default (Docs/sql-mapping.md) or coredata (Core Data's store layout)
        Applies each change set in order, each in one transaction with its entry in the
        database's change log (Docs/database-store.md), and prints one line per change set:
        {"sequence":n,"changes":FILE,"applied":{"changes":{…},"deletedObjects":{…}}}
        ("sequence" is the log's number; a change set that changes nothing is not logged and
        shows the last number). Every file is read before anything is written. A change set
        the database refuses — an unknown object, an 'old' value that is no longer the
        database's (another writer came first), a delete rule — stops the run with exit
        status 2 and the reasons; it writes nothing, and the change sets before it stay
        written.
        """

    var target: DatabaseTarget
    var schemaPath: String
    var mapping: String
    var files: [String]

    init(arguments scanner: inout ArgumentScanner) throws(UsageError) {
        target = try DatabaseTarget(try scanner.requiredValue(for: "--db"))
        schemaPath = try scanner.requiredValue(for: "--schema")
        mapping = try MappingOption.parse(try scanner.value(for: "--mapping"))
        var files: [String] = []
        while let file = try? scanner.positional("a change set") { files.append(file) }
        guard !files.isEmpty else { throw UsageError("missing the change sets to apply (CHANGES.json...)") }
        self.files = files
    }

    func run(io: ToolIO) -> Int32 {
        let schema: Schema
        switch StoreInputs.schema(schemaPath, io: io) {
        case .success(let loaded): schema = loaded
        case .failure(let failure): return failure.report(io)
        }
        var changeSets: [ChangeSet] = []
        for file in files {
            switch StoreInputs.changeSet(file) {
            case .success(let read): changeSets.append(read)
            case .failure(let failure): return failure.report(io)
            }
        }
        let database: any SQLDatabase
        switch target.openForWriting() {
        case .success(let opened): database = opened
        case .failure(let failure): return failure.report(io)
        }
        let store: DatabaseStore
        switch database.verifiedMapping(mapping, schema: schema) {
        case .success(let verified):
            do {
                store = try DatabaseStore(database: database, verifiedMapping: verified)
            } catch {
                return CommandFailure(status: ExitStatus.failure, message: "cannot open the change log: \(error)")
                    .report(io)
            }
        case .failure(let failure): return failure.report(io)
        }
        for (file, changes) in zip(files, changeSets) {
            do {
                let entry = try store.apply(changes)
                io.write(
                    "{\"sequence\":\(entry.sequence),\"changes\":" + PredicateValue.string(file).jsonText()
                        + ",\"applied\":" + (try entry.applied.jsonText()) + "}\n")
            } catch let errors as GraphErrors {
                return CommandFailure(
                    status: ExitStatus.invalidInput,
                    message: errors.errors.map { "\(file): \($0)" }.joined(separator: "\n")
                        + "\n\(file): nothing written"
                )
                .report(io)
            } catch {
                return CommandFailure(
                    status: ExitStatus.failure, message: "\(file): cannot write the change set: \(error)"
                )
                .report(io)
            }
        }
        return ExitStatus.success
    }
}
