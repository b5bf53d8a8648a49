import Dispatch
import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

/// A database attached to the session (`:db TARGET [coredata]`, or `--db` on the command
/// line): predicates then run in it as well as in memory. The connection is used by one
/// session at a time (the REPL handles one line at a time), hence `@unchecked Sendable`.
struct ReplDatabase: @unchecked Sendable {
    /// The file's path, or the server, database and user (never a password).
    var target: String
    /// Where it is, to open more connections to it (`:watch` follows the log on its own).
    var location: DatabaseTarget
    var mappingName: String
    var database: any SQLDatabase
    var mapping: SQLMapping
}

extension ReplSession {
    /// `:sql [sqlite|postgres]`: the last predicate lowered for the current entity, with its
    /// bindings (the attached database's dialect and mapping by default).
    func sql(_ text: String) -> ReplReply {
        guard let schema, let entity else { return .error("SQL needs a schema and an entity (:schema FILE)") }
        guard let (format, _) = lastPredicate else { return .error("no predicate yet: type one first") }
        let dialect: any SQLDialect
        switch text.lowercased() {
        case "": dialect = database?.database.dialect ?? SQLiteDialect()
        case "sqlite": dialect = SQLiteDialect()
        case "postgres", "postgresql": dialect = PostgreSQLDialect()
        default: return .error(":sql takes sqlite or postgres, not '\(text)'")
        }
        let mapping: SQLMapping
        if let attached = database?.mapping {
            mapping = attached
        } else {
            do {
                mapping = try SQLMapping.standard(schema)
            } catch {
                return .error("\(error)")
            }
        }
        switch lowered(format, schema: schema, entity: entity, mapping: mapping, dialect: dialect) {
        case .success(let statement):
            return .output(
                statement.sql + "\n-- bindings: [" + statement.bindings.map(\.jsonText).joined(separator: ", ") + "]")
        case .failure(let failure): return .error(failure.message)
        }
    }

    /// `:db TARGET [coredata]`: attach a SQLite file or a PostgreSQL URL under the default (or
    /// Core Data's) mapping; with no graph loaded, the database's objects are read into one.
    mutating func attachDatabase(_ text: String) -> ReplReply {
        let words = text.split(separator: " ").map(String.init)
        guard let word = words.first, words.count <= 2 else { return .error(":db takes TARGET [default|coredata]") }
        let target: DatabaseTarget
        do {
            target = try DatabaseTarget(word)
        } catch {
            return .error(error.message)
        }
        let mappingName = words.count == 2 ? words[1] : "default"
        guard MappingOption.names.contains(mappingName) else {
            return .error("the mapping is default or coredata, not '\(mappingName)'")
        }
        guard let schema else { return .error("a database needs a schema first (:schema FILE)") }
        switch Self.openDatabase(target, mapping: mappingName, schema: schema) {
        case .success(let attached):
            database = attached
            var notes = "attached \(target) (\(mappingName) mapping, \(attached.database.dialect.name))"
            if case .graph(let graph, _) = objects, graph.count > 0 {
                notes += "; predicates now run in memory and in the database"
            } else {
                do {
                    let graph = try ObjectGraph.read(from: attached.database, mapping: attached.mapping)
                    objects = .graph(graph, name: Self.databaseObjectsName(target.description))
                    notes += "; read \(Self.count(graph.count, "object")) from it into memory"
                } catch {
                    return .error("attached \(target), but its objects cannot be read: \(error)")
                }
            }
            return .output(notes)
        case .failure(let failure): return .error(failure.message)
        }
    }

    /// `:compare`: the last predicate's ids in memory and in the attached database.
    func compare() -> ReplReply {
        guard let attached = database else { return .error("no database attached: :db TARGET") }
        guard let schema, let entity, let (format, _) = lastPredicate else {
            return .error("no predicate yet: type one first")
        }
        guard case .graph(let graph, _) = objects else { return .error(":compare needs an object graph in memory") }
        let memory: [ObjectID]
        switch liveResults(for: graph) {
        case .success(let (results, _)): memory = results.rows
        case .failure(let failure): return .error(failure.message)
        }
        let statement: SQLStatement
        switch lowered(
            format, schema: schema, entity: entity, mapping: attached.mapping, dialect: attached.database.dialect)
        {
        case .success(let value): statement = value
        case .failure(let failure): return .error(failure.message)
        }
        let rows: [[SQLValue]]
        do {
            rows = try attached.database.rows(statement)
        } catch {
            return .error("the database failed: \(error)")
        }
        let memoryIDs = memory.map(\.id.description)
        let databaseIDs = rows.compactMap(\.first).map { key in
            attached.mapping.objectKey(key, of: entity)?.description ?? Self.keyText(key)
        }
        var text = "memory:   \(memoryIDs.count) [\(memoryIDs.joined(separator: ", "))]\n"
        text += "database: \(databaseIDs.count) [\(databaseIDs.joined(separator: ", "))]\n"
        text += Set(memoryIDs) == Set(databaseIDs) ? "the same objects" : "DIFFERENT"
        return .output(text)
    }

    /// After a predicate ran in memory: the database's count and time, or why it cannot run.
    func databaseLine(_ format: String) -> String? {
        guard let attached = database, let schema, let entity else { return nil }
        switch lowered(
            format, schema: schema, entity: entity, mapping: attached.mapping, dialect: attached.database.dialect)
        {
        case .success(let statement):
            let start = clock()
            do {
                let count = try attached.database.rows(statement).count
                let elapsed = Double(clock() - start) / 1_000_000
                return String(format: "database: %d objects (%.1f ms)", count, elapsed)
            } catch {
                return "database: failed: \(error)"
            }
        case .failure(let failure):
            return "database: not lowered: " + (failure.message.split(separator: "\n").first.map(String.init) ?? "")
        }
    }

    private func lowered(
        _ format: String, schema: Schema, entity: String, mapping: SQLMapping, dialect: any SQLDialect
    ) -> Result<SQLStatement, CommandFailure> {
        let options = LoweredQueryOptions(
            format: format, schemaPath: "", entity: entity, mapping: "", sortKeys: sortKeys, limit: limit, offset: nil,
            arguments: arguments, variables: variables)
        return options.statement(schema: schema, mapping: mapping, dialect: dialect)
    }

    static func keyText(_ value: SQLValue) -> String {
        switch value {
        case .integer(let int): String(int)
        case .text(let text): text
        default: value.description
        }
    }

    /// Opens `target` with the mapping `name` for `schema`.
    static func openDatabase(_ target: DatabaseTarget, mapping name: String, schema: Schema) -> Result<
        ReplDatabase, CommandFailure
    > {
        let database: any SQLDatabase
        switch target.open(create: false) {
        case .success(let opened): database = opened
        case .failure(let failure): return .failure(failure)
        }
        switch database.verifiedMapping(name, schema: schema) {
        case .success(let mapping):
            return .success(
                ReplDatabase(
                    target: target.description, location: target, mappingName: name, database: database,
                    mapping: mapping))
        case .failure(let failure): return .failure(failure)
        }
    }
}
