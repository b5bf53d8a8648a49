import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import TestSupport
import Testing

/// The column scan of an object graph (`GraphScan`): which predicates run on columns, and that
/// nil, type mismatches, numbers of mixed kinds, strings with options and to-one hops give the
/// row evaluator's answers and errors. Expected matches are written from the semantics.
@Suite("Column scans of the object graph")
struct GraphScanTests {
    /// `Item` (`amount` integer, `ratio` double, `name` string, `mixed`: transformable, so it
    /// holds values of any kind; `link` to-one to an Item, `group` to-one to a Group) and
    /// `Group` (`title`, `items`).
    static var schema: Schema {
        Schema(entities: [
            EntityDescription(
                name: "Item",
                attributes: [
                    AttributeDescription(name: "amount", type: .integer64),
                    AttributeDescription(name: "ratio", type: .double),
                    AttributeDescription(name: "name", type: .string),
                    AttributeDescription(name: "mixed", type: .transformable),
                ],
                relationships: [
                    RelationshipDescription(name: "link", destination: "Item", inverse: "linkedFrom"),
                    RelationshipDescription(name: "linkedFrom", destination: "Item", inverse: "link", isToMany: true),
                    RelationshipDescription(name: "group", destination: "Group", inverse: "items"),
                ]),
            EntityDescription(
                name: "Group", attributes: [AttributeDescription(name: "title", type: .string)],
                relationships: [
                    RelationshipDescription(name: "items", destination: "Item", inverse: "group", isToMany: true)
                ]),
        ])
    }

    /// Items 1–7 (`link` chains 1→2→3→4, 5→1; items 1–3 in Group 1 "Red", 4–5 in Group 2
    /// "blue"; 6 and 7 in no group, with no link).
    static func graph() throws -> ObjectGraph {
        let rows: [(Int, PredicateValue, PredicateValue, PredicateValue, PredicateValue)] = [
            (1, .int(3), .double(0.5), .string("Café"), .int(3)),
            (2, .int(10), .double(2.0), .string("cafe"), .double(3.0)),
            (3, .null, .double(-1.5), .string("CAFE"), .double(2.5)),
            (4, .int(-7), .null, .string("naïve"), .null),
            (5, .int(500), .double(500.25), .null, .int(9_007_199_254_740_993)),
            (6, .int(501), .double(1e300), .string("x*y"), .int(-1)),
            (7, .int(Int.max), .double(0), .string(""), .double(-0.0)),
        ]
        let links = [1: 2, 2: 3, 3: 4, 5: 1]
        let groups = [1: 1, 2: 1, 3: 1, 4: 2, 5: 2]
        let items = rows.map { id, amount, ratio, name, mixed in
            var values: [String: PredicateValue] = ["amount": amount, "ratio": ratio, "name": name, "mixed": mixed]
            if let link = links[id] { values["link"] = .int(link) }
            if let group = groups[id] { values["group"] = .int(group) }
            return InsertedObject(id: .int(id), values: values)
        }
        let groupObjects = [
            InsertedObject(id: .int(1), values: ["title": .string("Red")]),
            InsertedObject(id: .int(2), values: ["title": .string("blue")]),
        ]
        return try ObjectGraph(schema: schema, objects: ["Item": items, "Group": groupObjects])
    }

    /// The matches of `format` on Items by the column scan; the row scan and the column scan
    /// with its to-one leaves forced to each join must agree.
    static func matches(_ format: String, in graph: ObjectGraph) throws -> [Int] {
        let checked = try CheckedPredicate(PredicateNode(format: format), schema: graph.schema, entity: "Item")
        var scan = try PredicateCompiler().compileScan(checked, for: graph)
        let columns = try graph.fetch(scan)
        #expect(try graph.fetch(scan, strategy: .rows) == columns, "\(format)")
        #expect(try graph.count(scan) == columns.count, "\(format)")
        for choice in ToOneJoinChoice.allCases {
            scan.toOneJoins = choice
            #expect(try graph.fetch(scan) == columns, "\(format), \(choice)")
        }
        return columns.compactMap { if case .int(let id) = $0.id { id } else { nil } }
    }

    @Test(
        "comparisons on columns: nil, integers against doubles, extremes, strings with options",
        arguments: [
            ("amount > 10", [5, 6, 7]),
            ("amount >= 10 AND amount <= 500", [2, 5]),
            ("amount BETWEEN {501, 3}", [1, 2, 5, 6]),
            ("amount == nil", [3]),
            ("amount != 10", [1, 3, 4, 5, 6, 7]),
            ("NOT (amount > 5)", [1, 3, 4]),
            ("amount > 2.5", [1, 2, 5, 6, 7]),
            ("amount == 10.0", [2]),
            ("amount IN {3, 501, 4}", [1, 6]),
            ("ratio < 0.5", [3, 7]),
            ("ratio == 0", [7]),
            ("ratio > 500", [5, 6]),
            ("mixed == 3", [1, 2]),
            ("mixed > 2.75", [1, 2, 5]),
            ("mixed >= 9007199254740992", [5]),
            ("mixed == 0", [7]),
            ("name ==[cd] 'cafe'", [1, 2, 3]),
            ("name == 'cafe'", [2]),
            ("name BEGINSWITH[c] 'CA'", [1, 2, 3]),
            ("name LIKE[c] 'c?fe'", [2, 3]),
            ("name CONTAINS[d] 'i'", [4]),
            ("name IN {'cafe', 'x*y'}", [2, 6]),
            ("name == nil", [5]),
            ("amount > 100 OR name ==[c] 'cafe' OR ratio < 0", [2, 3, 5, 6, 7]),
            ("NOT (amount > 100 OR name == nil)", [1, 2, 3, 4]),
        ])
    func columns(format: String, expected: [Int]) throws {
        #expect(try Self.matches(format, in: try Self.graph()) == expected)
    }

    @Test(
        "to-one hops: a missing destination reads nil; destinations shared by many roots",
        arguments: [
            ("link.amount > 5", [1]),
            ("link.link.amount < 0", [2]),
            ("link.amount == nil", [2, 4, 6, 7]),
            ("group.title ==[c] 'red'", [1, 2, 3]),
            ("group.title == 'blue' AND amount > 0", [5]),
            ("NOT (group.title == 'Red')", [4, 5, 6, 7]),
            ("group.title == nil OR link.name BEGINSWITH 'c'", [1, 6, 7]),
        ])
    func hops(format: String, expected: [Int]) throws {
        #expect(try Self.matches(format, in: try Self.graph()) == expected)
    }

    @Test(
        "chains of two and three hops: an empty to-one anywhere on the path reads nil",
        arguments: [
            ("link.group.title == 'Red'", [1, 2, 5]),
            ("link.group.title == nil", [4, 6, 7]),
            ("link.group.title != 'Red'", [3, 4, 6, 7]),
            ("link.link.amount == nil", [1, 3, 4, 6, 7]),
            ("link.link.amount > 5", [5]),
            ("link.link.link.amount < 0", [1]),
            ("link.mixed == nil", [3, 4, 6, 7]),
            ("link.mixed > 2.75", [1, 5]),
            ("amount > 0 AND link.group.title ==[c] 'RED'", [1, 2, 5]),
        ])
    func chains(format: String, expected: [Int]) throws {
        #expect(try Self.matches(format, in: try Self.graph()) == expected)
    }

    /// Deleting Item 3 and Group 2 (blue): their rows stay as tombstones, Item 2's `link`
    /// and the `group` of Items 4 and 5 are emptied (nullify).
    static func graphAfterDeletions() throws -> ObjectGraph {
        var graph = try Self.graph()
        var changes = ChangeSet()
        changes["Item"].deleted.append(.int(3))
        changes["Group"].deleted.append(.int(2))
        try graph.apply(changes)
        return graph
    }

    @Test(
        "to-one hops after deletions: an emptied relationship reads nil",
        arguments: [
            ("link.group.title == 'Red'", [1, 5]),
            ("link.group.title == nil", [2, 4, 6, 7]),
            ("link.link.amount == nil", [1, 2, 4, 6, 7]),
            ("group.title == nil", [4, 5, 6, 7]),
            ("NOT (link.amount > 5)", [2, 4, 5, 6, 7]),
        ])
    func deletions(format: String, expected: [Int]) throws {
        #expect(try Self.matches(format, in: try Self.graphAfterDeletions()) == expected)
    }

    @Test("what runs on columns, and what runs row by row")
    func planning() throws {
        let graph = try Self.graph()
        func usesColumns(_ format: String) throws -> Bool {
            let checked = try CheckedPredicate(PredicateNode(format: format), schema: graph.schema, entity: "Item")
            return try PredicateCompiler().compileScan(checked, for: graph).usesColumns
        }
        #expect(try usesColumns("amount > 5"))
        #expect(try usesColumns("group.title == 'Red'"))
        #expect(try usesColumns("ANY linkedFrom.amount > 5 AND amount > 5"))
        #expect(try !usesColumns("ANY linkedFrom.amount > 5"))
        #expect(try !usesColumns("amount * 2 > 5"))
        #expect(try !usesColumns("name MATCHES 'c.*'"))
        #expect(try !usesColumns("5 < amount"))
    }

    @Test("an error raised row by row inside a column plan is the row evaluator's, for the first failing row")
    func errors() throws {
        let graph = try Self.graph()
        // `mixed > 'a'` orders a number against a string: an error, as in Apple's evaluation.
        // The column path meets it after testing `amount` on columns, and must report what the
        // row path reports.
        for format in ["amount > 0 AND mixed > 'a'", "amount > 400 AND mixed > 'a'", "NOT (amount < 0 OR mixed < 'a')"]
        {
            let checked = try CheckedPredicate(PredicateNode(format: format), schema: graph.schema, entity: "Item")
            let scan = try PredicateCompiler().compileScan(checked, for: graph)
            let rows = Result { () throws(EvaluationError) in try graph.fetch(scan, strategy: .rows) }
            let columns = Result { () throws(EvaluationError) in try graph.fetch(scan) }
            guard case .failure(let rowError) = rows, case .failure(let columnError) = columns else {
                Issue.record("\(format): expected an error from both, got \(rows) and \(columns)")
                continue
            }
            #expect(rowError == columnError, "\(format)")
        }
    }

    /// Values of every kind, for the transformable `mixed` column.
    static let mixedValues: [PredicateValue] = [
        .null, .int(0), .int(3), .int(-1), .int(Int.max), .int(Int.min), .int(9_007_199_254_740_993), .double(3.0),
        .double(2.5), .double(-0.0), .double(1e300), .double(.nan), .string("3"), .string("a"), .bool(true),
        .date(Date(timeIntervalSinceReferenceDate: 0)),
    ]
    static let mixedConstants = [
        "3", "2.5", "-0.0", "0", "1e300", "9007199254740992", "9223372036854775807", "'a'", "YES", "nil", "{1, 3}",
        "{2.5, 3}", "{'a', 3}",
    ]

    @Test(
        "numbers of mixed kinds in one column, read directly or through to-one hops: the column scan (each join) == the row scan == the interpreter (seeded)"
    )
    func mixedKinds() throws {
        let run = PropertyRun("GraphScanTests.mixedKinds", defaultCases: 300)
        var compared = 0
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            // Each Item links to a random Item or to none, so `link.link.mixed` meets empty
            // to-ones at either hop.
            let items = (1...12).map { id in
                var values: [String: PredicateValue] = ["mixed": random.pick(Self.mixedValues)]
                if random.chance(3, in: 4) { values["link"] = .int(random.int(in: 1...12)) }
                return InsertedObject(id: .int(id), values: values)
            }
            let graph = try ObjectGraph(schema: Self.schema, objects: ["Item": items])
            let op = random.pick(["==", "!=", "<", "<=", ">", ">=", "BETWEEN", "IN"])
            var constant = random.pick(Self.mixedConstants)
            if op == "BETWEEN" || op == "IN", !constant.hasPrefix("{") { constant = "{\(constant), 3}" }
            let path = random.pick(["mixed", "link.mixed", "link.link.mixed"])
            let format = random.chance(30, in: 100) ? "NOT (\(path) \(op) \(constant))" : "\(path) \(op) \(constant)"
            guard let predicate = try? PredicateNode(format: format),
                let checked = try? CheckedPredicate(predicate, schema: graph.schema, entity: "Item")
            else { continue }
            var scan = try PredicateCompiler().compileScan(checked, for: graph)
            compared += scan.usesColumns ? 1 : 0
            var expected: [ObjectID]? = []
            for object in graph.graphObjects(of: "Item") {
                guard let matches = try? ReferenceInterpreter().evaluate(checked, on: object) else {
                    expected = nil
                    break
                }
                if matches { expected?.append(object.id) }
            }
            let rows = try? graph.fetch(scan, strategy: .rows)
            #expect(rows == expected, "\(format) on \(items.map(\.values)); \(run.replay(index))")
            for choice in ToOneJoinChoice.allCases {
                scan.toOneJoins = choice
                let columns = try? graph.fetch(scan)
                #expect(columns == expected, "\(format), \(choice), on \(items.map(\.values)); \(run.replay(index))")
            }
        }
        #expect(compared * 3 >= run.cases, "only \(compared) predicates ran on columns")
    }
}
