import Evaluation
import Foundation
import KeyPaths
import Predicates

/// `predicate query FORMAT --schema FILE --entity NAME --db TARGET [--mapping default|coredata]
/// [--sort KEY]... [--limit N] [--offset N] [--arg JSON]... [--var NAME=JSON]...`: runs the
/// lowered predicate in the database and prints the matching root ids as a JSON array.
struct QueryCommand: ToolCommand {
    static let name = "query"
    static let summary = "run a predicate in a SQLite or PostgreSQL database and print the matching ids"
    static let usage = """
        predicate query FORMAT --schema FILE --entity NAME --db TARGET [--mapping default|coredata]
                        [--sort KEY[:desc]]... [--limit N] [--offset N] [--arg JSON]... [--var NAME=JSON]...
          --db TARGET     a SQLite file, or a postgres:// or postgresql:// URL
                          (connect_timeout=10 unless the URL sets it; passwords are never printed)
          --mapping NAME  default (tables made by 'predicate db create') or coredata (a store
                          written by Core Data; its Z_PRIMARYKEY entity numbers are used)
          other options as for 'predicate sql'
        Prints the ids of the matching objects as a JSON array, ordered by id unless --sort is
        given; each id with its JSON type. The database is checked against the schema first.
        Exit status 2 when the predicate is invalid or cannot be lowered exactly, or the
        database does not match the schema; 1 when it cannot be opened or the query fails.
        """

    var query: LoweredQueryOptions
    var target: DatabaseTarget

    init(arguments scanner: inout ArgumentScanner) throws(UsageError) {
        target = try DatabaseTarget(try scanner.requiredValue(for: "--db"))
        query = try LoweredQueryOptions(arguments: &scanner)
    }

    func run(io: ToolIO) -> Int32 {
        let schema: Schema
        switch StoreInputs.schema(query.schemaPath, io: io) {
        case .success(let loaded): schema = loaded
        case .failure(let failure): return failure.report(io)
        }
        let database: any SQLDatabase
        switch target.open(create: false) {
        case .success(let opened): database = opened
        case .failure(let failure): return failure.report(io)
        }
        let mapping: SQLMapping
        switch database.verifiedMapping(query.mapping, schema: schema) {
        case .success(let value): mapping = value
        case .failure(let failure): return failure.report(io)
        }
        let statement: SQLStatement
        switch query.statement(schema: schema, mapping: mapping, dialect: database.dialect) {
        case .success(let value): statement = value
        case .failure(let failure): return failure.report(io)
        }
        do {
            let keys = try database.rows(statement).compactMap(\.first)
            let ids = keys.map { mapping.objectKey($0, of: query.entity)?.predicateValue.jsonText() ?? $0.jsonText }
            io.write("[" + ids.joined(separator: ", ") + "]\n")
            return ExitStatus.success
        } catch {
            return CommandFailure(status: ExitStatus.failure, message: "query failed: \(error)").report(io)
        }
    }
}
