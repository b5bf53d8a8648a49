import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// Objects as arguments (issue 18) on the sample graph (Samples/graph.json): each predicate's
/// matches, written by hand from the sample file, are the same in memory, in SQLite and in
/// PostgreSQL, under the standard mapping (integer and text keys) and Core Data's.
///
/// | Content | entity | bucket | owner | tags |
/// |---|---|---|---|---|
/// | 1 | Content | 1 | 1 | 1 |
/// | 2 | ImageContent | 2 | 2 | 2, 3 |
/// | 3 | Content | 1 | 2 | 1, 3 |
/// | 4 | ThumbnailContent | 2 | 2 | 2 |
/// | 5 | ImageContent | 3 | 3 | |
/// | 6 | Content | 1 | 3 | |
///
/// Buckets 1 and 3 belong to User 1, Bucket 2 to User 2.
@Suite("Objects as arguments: memory, SQLite and PostgreSQL agree on the sample graph", .serialized)
struct ObjectReferenceQueryTests {
    static func ref(_ entity: String, _ id: ObjectKey) -> PredicateValue {
        .reference(ObjectReference(entity: entity, id: id))
    }

    /// (root, format, arguments, matching ids).
    static let cases: [(String, String, [PredicateValue], [String])] = [
        ("Content", "bucket == %@", [ref("Bucket", 1)], ["1", "3", "6"]),
        ("Content", "bucket != %@", [ref("Bucket", 1)], ["2", "4", "5"]),
        ("Content", "bucket == %@", [ref("Bucket", 9)], []),
        ("Content", "bucket != %@", [ref("Bucket", 9)], ["1", "2", "3", "4", "5", "6"]),
        ("Content", "bucket == %@", [nil], []),
        ("Content", "bucket IN %@", [[ref("Bucket", 2), ref("Bucket", 3)]], ["2", "4", "5"]),
        ("Content", "bucket IN %@", [[ref("Bucket", 9), nil]], []),
        ("Content", "bucket IN %@", [[]], []),
        ("Content", "SELF == %@", [ref("Content", 3)], ["3"]),
        // A reference naming the super-entity, or another entity of the hierarchy, names the
        // object of that key.
        ("Content", "SELF == %@", [ref("Content", 4)], ["4"]),
        ("Content", "SELF == %@", [ref("ThumbnailContent", 2)], ["2"]),
        ("ImageContent", "SELF == %@", [ref("Content", 3)], []),
        ("ImageContent", "SELF == %@", [ref("Content", 5)], ["5"]),
        ("Content", "SELF IN %@", [[ref("Content", 1), ref("ImageContent", 5), ref("Content", 99)]], ["1", "5"]),
        ("Content", "SELF IN %@", [.set([ref("Content", 6), ref("Content", 2)])], ["2", "6"]),
        ("Content", "ANY tags == %@", [ref("Tag", 3)], ["2", "3"]),
        ("Content", "tags CONTAINS %@", [ref("Tag", 1)], ["1", "3"]),
        ("Content", "%@ IN tags", [ref("Tag", 2)], ["2", "4"]),
        ("Content", "NONE tags == %@", [ref("Tag", 3)], ["1", "4", "5", "6"]),
        ("Content", "ALL tags == %@", [ref("Tag", 1)], ["1", "5", "6"]),
        ("Content", "ANY tags IN %@", [[ref("Tag", 2), ref("Tag", 1)]], ["1", "2", "3", "4"]),
        ("Content", "ANY tags == %@", [ref("Tag", 9)], []),
        ("Content", "SUBQUERY(tags, $t, $t == %@ OR $t.name == 'work').@count == 2", [ref("Tag", 3)], ["3"]),
        ("Content", "bucket.owner == %@", [ref("User", 1)], ["1", "3", "5", "6"]),
        ("Content", "owner == %@ AND bucket != %@", [ref("User", 2), ref("Bucket", 2)], ["3"]),
        ("Content", "NOT (bucket == %@ OR owner == %@)", [ref("Bucket", 1), ref("User", 3)], ["2", "4"]),
        ("Bucket", "ANY contents == %@", [ref("ImageContent", 2)], ["2"]),
        ("Bucket", "%@ IN contents", [ref("Content", 5)], ["3"]),
        ("Bucket", "owner == %@", [ref("User", 2)], ["2"]),
        ("User", "ANY buckets == %@", [ref("Bucket", 3)], ["1"]),
        ("Tag", "ANY contents == %@", [ref("Content", 3)], ["1", "3"]),
    ]

    /// A string key never names an object of integer key `1`; a store of text keys holds both
    /// as `'1'` and cannot tell them apart, so these run on integer-keyed stores only.
    static let integerKeyCases: [(String, String, [PredicateValue], [String])] = [
        ("Content", "bucket == %@", [ref("Bucket", "1")], []),
        ("Content", "SELF IN %@", [[ref("Content", "3"), ref("Content", 6)]], ["6"]),
    ]

    static func check(
        _ cases: [(String, String, [PredicateValue], [String])], database: some TestDatabase, mapping: SQLMapping
    ) throws {
        let (graph, _) = try SampleQueryTests.sample()
        try database.load(graph, mapping: mapping)
        for (root, format, arguments, expected) in cases {
            let predicate = try PredicateParser().parsePredicate(format, arguments: arguments)
            let checked = try CheckedPredicate(predicate, schema: graph.schema, entity: root, source: format)
            #expect(SQLDifferentialTests.memoryKeys(checked, graph: graph) == expected, "memory: \(root) \(format)")
            #expect(
                try database.keys(checked, mapping: mapping).sorted() == expected,
                "\(database.dialect.name) \(mapping.convention): \(root) \(format)")
        }
    }

    static func mappings() throws -> [SQLMapping] {
        let (graph, _) = try SampleQueryTests.sample()
        return [
            try SQLMapping.standard(graph.schema), try SQLMapping.standard(graph.schema, keyType: .text),
            try SQLMapping.coreData(graph.schema),
        ]
    }

    @Test("SQLite: the standard mapping (integer and text keys) and Core Data's")
    func sqlite() throws {
        let database = try SQLiteTestDatabase()
        for mapping in try Self.mappings() {
            try Self.check(
                Self.cases + (mapping.keyType(ofHierarchyOf: "Content") == .text ? [] : Self.integerKeyCases),
                database: database,
                mapping: mapping)
        }
    }

    @Test(
        "PostgreSQL: the standard mapping (integer and text keys) and Core Data's",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws {
        let database = try PostgresTestDatabase()
        for mapping in try Self.mappings() {
            try Self.check(
                Self.cases + (mapping.keyType(ofHierarchyOf: "Content") == .text ? [] : Self.integerKeyCases),
                database: database,
                mapping: mapping)
        }
    }

    // MARK: Grammar.md

    /// The table of Grammar.md §13 *Objects and object references*: root, predicate, the JSON
    /// argument, the matching ids.
    static func grammarExamples() throws -> [(String, String, [PredicateValue], [String])] {
        let text = try String(contentsOf: SampleQueryTests.root.appendingPathComponent("Grammar.md"), encoding: .utf8)
        guard let start = text.range(of: "<!-- object-reference-examples -->"),
            let end = text.range(of: "<!-- end -->", range: start.upperBound..<text.endIndex)
        else { throw GrammarTableError(message: "the examples table of Grammar.md is missing") }
        var examples: [(String, String, [PredicateValue], [String])] = []
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4, cells[1].hasPrefix("`") else { continue }
            let format = String(cells[1].dropFirst().dropLast())
            let argument = try PredicateValue(json: String(cells[2].dropFirst().dropLast()))
            let matches = cells[3] == "none" ? [] : cells[3].components(separatedBy: ", ")
            examples.append((cells[0], format, [argument], matches))
        }
        return examples
    }

    struct GrammarTableError: Error { var message: String }

    @Test("the examples of Grammar.md, in memory, SQLite and PostgreSQL")
    func grammar() throws {
        let examples = try Self.grammarExamples()
        #expect(examples.count >= 10)
        let (_, mapping) = try SampleQueryTests.sample()
        try Self.check(examples, database: try SQLiteTestDatabase(), mapping: mapping)
        if PostgresTestServer.isAvailable {
            try Self.check(examples, database: try PostgresTestDatabase(), mapping: mapping)
        }
    }
}
