import Evaluation
import Foundation
import GraphTestSupport
import KeyPaths
import ObjectStore
import Predicates
import TestSupport
import Testing

/// `db create`'s streamed write (`ObjectGraph.writeStreamed`: rows written while the graph file
/// is read) against its whole-graph write (`ObjectGraph.load` then `write(into:mapping:)`), on
/// random schemas and graph files (``StoreCaseGenerator``), under both mappings, on SQLite and
/// PostgreSQL:
///
/// - a file the streamed write takes must export (`db export`: `ObjectGraph.read`) exactly as
///   the whole graph does;
/// - a file the whole graph refuses (a duplicate id, a dangling or mistyped reference, a value
///   the database cannot keep) must be declined, and so must every file it cannot write as it
///   reads (to-many sides, one-to-one, ordered inverses, string ids): declined, and rolled
///   back, it leaves no table behind;
/// - a file whose objects state only their own rows — each one-to-many link moved to its
///   to-one side, integer ids — must be taken, so that the property tests the streamed rows
///   and not only the fallback.
///
/// `PREDICATE_SEED`/`PREDICATE_CASES` replay and resize a run; a failure is shrunk.
@Suite("db create: streamed rows equal the whole graph's", .serialized)
struct StreamedWriteDifferentialTests {
    enum Shape: String, CaseIterable {
        /// As generated: links stated from either side, any ids.
        case asGenerated
        /// Each object states only its own row: one-to-many links on their to-one side.
        case ownRows
        /// Own rows with one object's id repeated: refused by both.
        case duplicateID
        /// Own rows with a to-one naming an id no object has: refused by both.
        case danglingReference
    }

    /// A graph file of `objects` (keys in order; values as graph files write them).
    static func fileText(_ objects: [String: [InsertedObject]]) -> String {
        let lists = objects.keys.sorted().map { entity -> String in
            let items = (objects[entity] ?? []).map { object -> String in
                let values = object.values.keys.sorted().map { key in
                    "\"\(key)\": \((object.values[key] ?? .null).jsonText())"
                }
                return "{" + (["\"id\": \(object.id.predicateValue.jsonText())"] + values).joined(separator: ", ") + "}"
            }
            return "\"\(entity)\": [" + items.joined(separator: ",\n  ") + "]"
        }
        return "{" + lists.joined(separator: ",\n") + "}"
    }

    /// `storeCase` reshaped to `shape` (`random` picks the object to break).
    static func reshape(_ storeCase: StoreCase, _ shape: Shape, _ random: inout SplitMix64) -> StoreCase {
        guard shape != .asGenerated else { return storeCase }
        var objects = storeCase.objects
        let schema = storeCase.schema
        for entity in schema.entities {
            for relationship in entity.relationships {
                let inverse = relationship.inverse.flatMap {
                    schema.property(named: $0, in: relationship.destination)?.relationship
                }
                for (owner, list) in objects where schema.isKind(owner, of: entity.name) {
                    for index in list.indices {
                        guard let value = objects[owner]?[index].values.removeValue(forKey: relationship.name),
                            relationship.isToMany, let inverse, !inverse.isToMany, !inverse.isOrdered,
                            !relationship.isOrdered, case .array(let members) = value
                        else { continue }
                        // The to-many side's list, stated instead on each member's to-one side.
                        for member in members {
                            for (kind, others) in objects where schema.isKind(kind, of: relationship.destination) {
                                for other in others.indices where others[other].id.predicateValue == member {
                                    objects[kind]?[other].values[inverse.name] = list[index].id.predicateValue
                                }
                            }
                        }
                    }
                }
            }
        }
        var reshaped = readable(StoreCase(schema: schema, objects: objects))
        let nonEmpty = objects.keys.sorted().filter { !(objects[$0] ?? []).isEmpty }
        guard !nonEmpty.isEmpty else { return reshaped }
        let entity = nonEmpty[Int(random.next() % UInt64(nonEmpty.count))]
        switch shape {
        case .asGenerated, .ownRows:
            break
        case .duplicateID:
            if let first = objects[entity]?.first { reshaped.objects[entity]?.append(InsertedObject(id: first.id)) }
        case .danglingReference:
            let toOne = schema.allRelationships(of: entity).filter { !$0.isToMany }
            guard let relationship = toOne.first else { break }
            reshaped.objects[entity]?[0].values[relationship.name] = .int(987_654_321)
        }
        return reshaped
    }

    /// `storeCase` keeping, of its attribute values, those the byte reader of graph files reads
    /// (added one at a time): the generator's values are chosen to be hard, and most cases
    /// hold some number or date text the reader leaves to the decoder, which would leave the
    /// streamed write nothing to do.
    static func readable(_ storeCase: StoreCase) -> StoreCase {
        let schema = storeCase.schema
        let loads = { (objects: [String: [InsertedObject]]) in
            ObjectGraph.bulkLoaded(schema: schema, json: Data(fileText(objects).utf8)) != nil
        }
        var kept = storeCase.objects
        for (entity, list) in kept {
            let attributes = Set(schema.allAttributes(of: entity).map(\.name))
            for index in list.indices {
                for key in list[index].values.keys where attributes.contains(key) {
                    kept[entity]?[index].values[key] = nil
                }
            }
        }
        guard loads(kept) else { return storeCase }
        for entity in storeCase.objects.keys.sorted() {
            let attributes = Set(schema.allAttributes(of: entity).map(\.name))
            for (index, object) in (storeCase.objects[entity] ?? []).enumerated() {
                for key in object.values.keys.sorted() where attributes.contains(key) {
                    var tried = kept
                    tried[entity]?[index].values[key] = object.values[key]
                    if loads(tried) { kept = tried }
                }
            }
        }
        return StoreCase(schema: schema, objects: kept)
    }

    /// What the whole graph exports after `db create`, or `nil` when it refuses the file.
    static func wholeExport(_ text: String, _ schema: Schema, coreData: Bool, _ database: some TestDatabase)
        -> String?
    {
        guard let graph = try? ObjectGraph.load(json: Data(text.utf8), schema: schema),
            let mapping = try?
                (coreData
                ? SQLMapping.coreData(schema) : SQLMapping.standard(schema, keyTypes: graph.sqlKeyTypes()))
        else { return nil }
        return try? database.exportText(graph, mapping: mapping)
    }

    enum Streamed: Equatable {
        case declined
        case exported(String)
    }

    /// The streamed write in a transaction, as `db create` runs it: what it exports, or
    /// `.declined` after checking that the rollback left no table.
    static func streamed(_ text: String, _ schema: Schema, coreData: Bool, _ database: some TestDatabase) throws
        -> Streamed
    {
        try database.reset()
        let db = database.sqlDatabase
        let mapping = try ObjectGraph.streamingMapping(schema, coreData: coreData)
        do {
            try db.transaction {
                try db.execute(SQLSchemaDefinition.statements(for: mapping, dialect: db.dialect, indexes: false))
                _ = try Data(text.utf8).withUnsafeBytes { bytes in
                    try ObjectGraph.writeStreamed(json: bytes, schema: schema, mapping: mapping, into: db)
                }
                try db.execute(SQLSchemaDefinition.indexStatements(for: mapping, dialect: db.dialect))
            }
        } catch is StreamedWriteDeclined {
            let left = try SQLSchemaDefinition.tableNames(for: mapping).filter {
                try db.catalogue().columns(ofTable: $0, dialect: db.dialect) != nil
            }
            guard left.isEmpty else { throw StreamedCheckFailure("declined, but the tables \(left) stayed") }
            return .declined
        }
        let description = try SQLDatabaseDescription.read(from: db, convention: mapping.convention)
        let verified = try SQLMapping.verified(
            schema, convention: mapping.convention, database: description, dialect: db.dialect)
        return .exported(String(decoding: try ObjectGraph.read(from: db, mapping: verified).jsonData(), as: UTF8.self))
    }

    /// How the two writes of `storeCase` disagree, or `nil`.
    static func failure(_ storeCase: StoreCase, _ shape: Shape, coreData: Bool, on database: some TestDatabase)
        -> String?
    {
        check(storeCase, shape, coreData: coreData, on: database).failure
    }

    /// How the two writes of `storeCase` disagree (or `nil`), and whether the streamed write took it.
    static func check(_ storeCase: StoreCase, _ shape: Shape, coreData: Bool, on database: some TestDatabase)
        -> (failure: String?, taken: Bool)
    {
        let text = fileText(storeCase.objects)
        let whole = wholeExport(text, storeCase.schema, coreData: coreData, database)
        let streamed: Streamed
        do {
            streamed = try Self.streamed(text, storeCase.schema, coreData: coreData, database)
        } catch {
            return ("the streamed write threw \(error)", false)
        }
        let taken = streamed != .declined
        switch (whole, streamed) {
        case (nil, .exported):
            return ("the whole graph refuses the file, the streamed write took it", taken)
        case (let whole?, .exported(let exported)) where whole != exported:
            return ("the exports differ:\n\(whole)\n≠\n\(exported)", taken)
        case (_?, .declined)
        where shape == .ownRows && ObjectGraph.bulkLoaded(schema: storeCase.schema, json: Data(text.utf8)) != nil:
            // Text the byte reader is not sure of (`1e+18`) goes to the decoder: declined too.
            return ("a file of own rows that the byte reader reads was declined", taken)
        default:
            return (nil, taken)
        }
    }

    /// The entities of `schema` with their parents and relationships, for failure messages.
    static func outline(_ schema: Schema) -> String {
        schema.entities.map { entity in
            let relationships = entity.relationships.map { relationship in
                "\(relationship.name)→\(relationship.destination)\(relationship.isToMany ? "[]" : "")"
                    + (relationship.isOrdered ? " ordered" : "") + " inverse \(relationship.inverse ?? "none")"
            }
            return "\(entity.name)\(entity.parent.map { " : \($0)" } ?? ""): " + relationships.joined(separator: ", ")
        }.joined(separator: "\n")
    }

    static func run(_ name: String, defaultCases: Int, database: some TestDatabase) {
        let run = PropertyRun(name, defaultCases: defaultCases)
        // Cases the streamed write took, and those of them whose objects name others.
        var (taken, linked) = (0, 0)
        for index in 0..<run.cases {
            for coreData in [false, true] {
                var random = SplitMix64(seed: run.caseSeed(index) &+ (coreData ? 1 : 0))
                // Own rows half of the time: the shape the streamed write takes.
                let shapes: [Shape] = [.asGenerated, .ownRows, .ownRows, .ownRows, .duplicateID, .danglingReference]
                let shape = shapes[Int(random.next() % UInt64(shapes.count))]
                var generator = StoreCaseGenerator(
                    seed: run.caseSeed(index),
                    idKinds: coreData || shape != .asGenerated ? [.integer] : StoreIDKind.allCases)
                var storeCase = reshape(generator.makeCase(), shape, &random)
                if coreData { storeCase = storeCase.transformableAsData() }
                let (message, streamed) = check(storeCase, shape, coreData: coreData, on: database)
                if streamed {
                    taken += 1
                    let links = Set(storeCase.schema.entities.flatMap { $0.relationships.map(\.name) })
                    if storeCase.objects.values.contains(where: {
                        $0.contains { !links.isDisjoint(with: $0.values.keys) }
                    }) {
                        linked += 1
                    }
                }
                guard let message else { continue }
                let smallest = Shrinker.shrink(storeCase, rounds: 200, candidates: { $0.shrunk() }) {
                    failure($0, shape, coreData: coreData, on: database) != nil
                }
                Issue.record(
                    """
                    \(database.dialect.name), \(coreData ? "Core Data" : "default") mapping, \(shape.rawValue): \
                    \(message)
                    \(run.replay(index))
                    smallest failing case:
                    \(fileText(smallest.objects))
                    \(outline(smallest.schema))
                    \(failure(smallest, shape, coreData: coreData, on: database) ?? "")
                    """)
                return
            }
        }
        if run.cases >= 20 {
            #expect(taken >= run.cases / 4, "streamed \(taken) of \(run.cases * 2) cases")
            #expect(linked >= run.cases / 20, "streamed \(linked) cases with links")
        }
    }

    @Test("SQLite: streamed create exports as the whole graph's; refused and other files are declined")
    func sqlite() throws {
        Self.run("streamed create (SQLite)", defaultCases: 120, database: try SQLiteTestDatabase())
    }

    @Test(
        "PostgreSQL: streamed create exports as the whole graph's; refused and other files are declined",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws {
        Self.run("streamed create (PostgreSQL)", defaultCases: 40, database: try PostgresTestDatabase())
    }
}

struct StreamedCheckFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
