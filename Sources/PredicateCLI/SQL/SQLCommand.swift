import Evaluation
import Foundation
import KeyPaths
import Predicates

/// `predicate sql FORMAT --schema FILE --entity NAME [--dialect sqlite|postgres]
/// [--mapping default|coredata] [--sort KEY[:desc]]... [--limit N] [--offset N] [--arg JSON]...
/// [--var NAME=JSON]...`: prints the lowered query as `{"sql": "…", "bindings": […]}`.
struct SQLCommand: ToolCommand {
    static let name = "sql"
    static let summary = "print the SQL query a predicate lowers to, with its bound values"
    static let usage = """
        predicate sql FORMAT --schema FILE --entity NAME [--dialect sqlite|postgres] [--mapping default|coredata]
                      [--sort KEY[:desc][:c|:d|:cd]]... [--limit N] [--offset N] [--arg JSON]... [--var NAME=JSON]...
          FORMAT          an NSPredicate format string, e.g. "bucket.name == %@"
          --schema FILE   a .json schema, else an Xcode Core Data model (.xcdatamodeld)
          --entity NAME   the entity whose objects are selected (sub-entities included)
          --dialect NAME  sqlite (the default) or postgres
          --mapping NAME  default (Docs/sql-mapping.md) or coredata (a Core Data SQLite store)
          --sort KEY      a sort key: an attribute, through to-one relationships (bucket.name); then by id
          --limit N, --offset N  a window of the rows (0 to 9223372036854775807)
        Prints {"sql": "...", "bindings": [...]}: values are never in the SQL text. Exit status 2
        when the predicate is invalid or cannot be lowered exactly (the caret shows the part).
        """

    var query: LoweredQueryOptions
    var dialect: any SQLDialect

    init(arguments scanner: inout ArgumentScanner) throws(UsageError) {
        switch try scanner.value(for: "--dialect") ?? "sqlite" {
        case "sqlite": dialect = SQLiteDialect()
        case "postgres", "postgresql": dialect = PostgreSQLDialect()
        case let other: throw UsageError("--dialect must be sqlite or postgres, not '\(other)'")
        }
        query = try LoweredQueryOptions(arguments: &scanner)
    }

    func run(io: ToolIO) -> Int32 {
        let schema: Schema
        switch StoreInputs.schema(query.schemaPath, io: io) {
        case .success(let loaded): schema = loaded
        case .failure(let failure): return failure.report(io)
        }
        let mapping: SQLMapping
        do {
            mapping =
                query.mapping == "coredata" ? try SQLMapping.coreData(schema) : try SQLMapping.standard(schema)
        } catch {
            return CommandFailure(status: ExitStatus.invalidInput, message: "\(error)").report(io)
        }
        switch query.statement(schema: schema, mapping: mapping, dialect: dialect) {
        case .success(let statement):
            io.write(
                "{\"sql\": " + PredicateValue.string(statement.sql).jsonText() + ", \"bindings\": ["
                    + statement.bindings.map(\.jsonText).joined(separator: ", ") + "]}\n")
            return ExitStatus.success
        case .failure(let failure): return failure.report(io)
        }
    }
}

/// The options shared by `sql` and `query`: what to select and how to order it.
struct LoweredQueryOptions {
    var format: String
    var schemaPath: String
    var entity: String
    var mapping: String
    var sortKeys: [SortKey]
    var limit: Int?
    var offset: Int?
    var arguments: [PredicateValue]
    var variables: [String: PredicateValue]

    /// Options given directly (the REPL's `:sql` and `:compare`).
    init(
        format: String, schemaPath: String, entity: String, mapping: String, sortKeys: [SortKey], limit: Int?,
        offset: Int?, arguments: [PredicateValue], variables: [String: PredicateValue]
    ) {
        self.format = format
        self.schemaPath = schemaPath
        self.entity = entity
        self.mapping = mapping
        self.sortKeys = sortKeys
        self.limit = limit
        self.offset = offset
        self.arguments = arguments
        self.variables = variables
    }

    init(arguments scanner: inout ArgumentScanner) throws(UsageError) {
        schemaPath = try scanner.requiredValue(for: "--schema")
        entity = try scanner.requiredValue(for: "--entity")
        mapping = try MappingOption.parse(try scanner.value(for: "--mapping"))
        sortKeys = []
        for spelling in try scanner.values(for: "--sort") {
            guard let key = SortKey(spelling: spelling) else {
                throw UsageError("--sort '\(spelling)': expected KEY[:asc|:desc][:c|:d|:cd|:localized]")
            }
            sortKeys.append(key)
        }
        limit = try Self.count(try scanner.value(for: "--limit"), "--limit")
        offset = try Self.count(try scanner.value(for: "--offset"), "--offset")
        arguments = try CommandSupport.jsonArguments(try scanner.values(for: "--arg"))
        variables = try CommandSupport.variables(try scanner.values(for: "--var"))
        format = try scanner.positional("FORMAT")
    }

    private static func count(_ text: String?, _ option: String) throws(UsageError) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), value >= 0 else {
            throw UsageError("\(option) needs a whole number, not '\(text)'")
        }
        return value
    }

    /// The predicate parsed, checked and lowered; errors rendered with a caret in FORMAT.
    func statement(schema: Schema, mapping: SQLMapping, dialect: any SQLDialect) -> Result<SQLStatement, CommandFailure>
    {
        let checked: CheckedPredicate
        switch StoreInputs.checked(format, arguments: arguments, schema: schema, entity: entity) {
        case .success(let value): checked = value
        case .failure(let failure): return .failure(failure)
        }
        if case .failure(let failure) = StoreInputs.orderingKeyPaths(
            sortKeys: sortKeys.map(\.keyPath), schema: schema, entity: entity)
        {
            return .failure(failure)
        }
        let lowering = PredicateLowering(layout: mapping, variables: variables.mapValues(EvaluationValue.init))
        do {
            return .success(
                try dialect.render(try lowering.query(checked, sortKeys: sortKeys, limit: limit, offset: offset)))
        } catch {
            return .failure(CommandFailure(status: ExitStatus.invalidInput, message: error.rendered(in: format)))
        }
    }
}

extension SQLValue {
    /// The value as JSON: `null`, numbers, strings, bytes as `{"$data": "<base64>"}`.
    var jsonText: String {
        switch self {
        case .null: "null"
        case .integer(let value): String(value)
        case .double(let value): PredicateValue.double(value).jsonText()
        case .text(let value): PredicateValue.string(value).jsonText()
        case .blob(let bytes): PredicateValue.data(Data(bytes)).jsonText()
        }
    }
}

extension CommandFailure {
    /// Prints the message on standard error; returns the status.
    func report(_ io: ToolIO) -> Int32 {
        io.reportError(message.hasSuffix("\n") ? message : message + "\n")
        return status
    }
}
