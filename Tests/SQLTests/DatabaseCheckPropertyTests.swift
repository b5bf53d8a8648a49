import Evaluation
import Foundation
import GraphTestSupport
import KeyPaths
import ObjectStore
import Predicates
import SQLiteDatabase
import TestSupport
import Testing

/// Seeded random graphs (integer and string ids, every relationship shape, inheritance) made
/// into SQLite databases: the database passes the check and every key — of objects, foreign
/// keys, join rows — reads back as the id it was, with its type; then one thing is changed — a table or a column dropped, a column retyped, an
/// attribute's type in the given schema — and the check must refuse it, naming the change.
@Suite("SQL: the database check on random graphs", .serialized)
struct DatabaseCheckPropertyTests {
    /// Every key the graph puts in the database, written as ids with their type: each
    /// object's key, each foreign key (`table.column: key -> destination`), each join row.
    static func expectedKeys(_ graph: ObjectGraph, _ mapping: SQLMapping) throws -> [String] {
        var lines: [String] = []
        for table in mapping.entityTables {
            for object in graph.objects(of: table.rootEntity) {
                lines.append("\(table.name): \(object.id)")
                guard let entity = graph.entity(of: object) else { continue }
                for column in table.columns {
                    guard case .foreignKey(let declaring, let relationship) = column.role,
                        graph.schema.isKind(entity, of: declaring),
                        case .toOne(let destination?) = try graph.value(forKey: relationship, of: object)
                    else { continue }
                    lines.append("\(table.name).\(column.name): \(object.id) -> \(destination.id)")
                }
            }
        }
        for join in mapping.joinTables {
            for source in graph.objects(of: join.entity) {
                for destination in try graph.value(forKey: join.relationship, of: source).objects {
                    lines.append("\(join.name): \(source.id) -> \(destination.id)")
                }
            }
        }
        return lines.sorted()
    }

    /// The keys the database holds, read back as ids with the types the check found.
    static func storedKeys(_ database: SQLiteConnection, _ mapping: SQLMapping) throws -> [String] {
        func id(_ value: SQLValue, _ type: SQLKeyType) -> String {
            type.id(fromStored: value).flatMap(ObjectKey.init).map(\.description) ?? "?\(value)"
        }
        let q = SQLiteDialect().quote
        var lines: [String] = []
        for table in mapping.entityTables {
            let keys = table.columns.filter { column in
                switch column.role {
                case .key, .foreignKey: true
                case .entity, .version, .attribute, .order: false
                }
            }
            let sql = "SELECT " + keys.map { q($0.name) }.joined(separator: ", ") + " FROM " + q(table.name)
            for row in try database.rows(SQLStatement(sql: sql)) {
                let key = id(row[0], table.keyType)
                lines.append("\(table.name): \(key)")
                for (column, value) in zip(keys.dropFirst(), row.dropFirst()) where !value.isNull {
                    let destination = id(value, mapping.keyType(ofColumn: column.role, in: table))
                    lines.append("\(table.name).\(column.name): \(key) -> \(destination)")
                }
            }
        }
        for join in mapping.joinTables {
            let sql = "SELECT \(q(join.sourceColumn)), \(q(join.destinationColumn)) FROM \(q(join.name))"
            for row in try database.rows(SQLStatement(sql: sql)) {
                lines.append(
                    "\(join.name): \(id(row[0], join.sourceKeyType)) -> \(id(row[1], join.destinationKeyType))")
            }
        }
        return lines.sorted()
    }

    /// A declared type of another SQLite affinity than `type`'s.
    static func otherType(than type: String, _ random: inout SplitMix64) -> String {
        let dialect = SQLiteDialect()
        let others = ["BLOB", "TEXT", "INTEGER", "REAL"].filter {
            dialect.typeClass(ofDeclaredType: $0) != dialect.typeClass(ofDeclaredType: type)
        }
        return random.pick(others)
    }

    /// One change to the database or the given schema, and a text the refusal must contain.
    static func mutate(
        _ description: inout SQLDatabaseDescription, schema: inout Schema, mapping: SQLMapping,
        _ random: inout SplitMix64
    ) -> String {
        let tables = mapping.entityTables.map(\.name) + mapping.joinTables.map(\.name)
        let table = random.pick(tables)
        var columns = description.catalogue.tables[table] ?? []
        switch random.below(4) {
        case 0:
            description.catalogue.tables[table] = nil
            return "\"\(table)\""
        case 1 where !columns.isEmpty:
            let column = columns.remove(at: random.below(columns.count))
            description.catalogue.tables[table] = columns
            return "\"\(table)\" has no column \"\(column.name)\""
        case 2 where !columns.isEmpty:
            let index = random.below(columns.count)
            columns[index].declaredType = otherType(than: columns[index].declaredType, &random)
            description.catalogue.tables[table] = columns
            return "\"\(table)\".\"\(columns[index].name)\" is declared as \(columns[index].declaredType)"
        default:
            var entities = schema.entities
            let candidates = entities.indices.filter { !entities[$0].attributes.isEmpty }
            guard let entity = candidates.isEmpty ? nil : random.pick(candidates) else {
                description.catalogue.tables[table] = nil
                return "\"\(table)\""
            }
            let slot = random.below(entities[entity].attributes.count)
            let old = entities[entity].attributes[slot].type
            entities[entity].attributes[slot].type = old == .string ? .integer64 : .string
            schema = Schema(entities: entities)
            return
                "it was created from another schema: '\(entities[entity].name).\(entities[entity].attributes[slot].name)'"
        }
    }

    @Test("a database made from a random graph passes and reads back; any one change is refused, naming it")
    func randomGraphs() throws {
        let run = PropertyRun("DatabaseCheckPropertyTests.randomGraphs", defaultCases: 200)
        var mutations = 0
        for index in 0..<run.cases {
            var generator = GraphCaseGenerator(seed: run.caseSeed(index))
            guard let graphCase = generator.makeCase() else { continue }
            let graph = graphCase.graph
            let mapping = try SQLMapping.standard(graphCase.schema, keyTypes: graph.sqlKeyTypes())
            let database = try SQLiteConnection.inMemory()
            try database.transaction {
                try database.execute(SQLSchemaDefinition.statements(for: mapping, dialect: SQLiteDialect()))
                try database.execute(try graph.insertStatements(mapping: mapping, dialect: SQLiteDialect()))
            }
            let context = { () -> String in
                "schema: \(String(decoding: (try? graphCase.schema.jsonData()) ?? Data(), as: UTF8.self))\n"
                    + "graph: \(String(decoding: (try? graph.jsonData()) ?? Data(), as: UTF8.self))\n"
                    + run.replay(index)
            }
            var description = try SQLDatabaseDescription.read(from: database, convention: .standard)
            let checked = try SQLMapping.verified(
                graphCase.schema, convention: .standard, database: description, dialect: SQLiteDialect())
            guard checked.keyTypes == mapping.keyTypes,
                try Self.storedKeys(database, checked) == Self.expectedKeys(graph, mapping)
            else {
                Issue.record("ids or links did not come back\n\(context())")
                return
            }
            var random = SplitMix64(seed: run.caseSeed(index) ^ 0x9E37_79B9_7F4A_7C15)
            var schema = graphCase.schema
            let expected = Self.mutate(&description, schema: &schema, mapping: mapping, &random)
            do {
                _ = try SQLMapping.verified(
                    schema, convention: .standard, database: description, dialect: SQLiteDialect())
                Issue.record("a change was not refused (expected: \(expected))\n\(context())")
                return
            } catch let mismatch as SQLStoreMismatch {
                guard mismatch.differences.contains(where: { $0.contains(expected) }) else {
                    Issue.record("the refusal does not name the change \(expected): \(mismatch)\n\(context())")
                    return
                }
                mutations += 1
            }
        }
        #expect(mutations * 10 >= run.cases * 9 || run.cases < 50, "most cases are checked: \(mutations)")
    }
}
