import Evaluation
import Foundation
import KeyPaths
import PostgresDatabase
import Predicates
import SQLiteDatabase

/// The `sql` rows: the time to lower a predicate, and on a million Content rows the lowered
/// query against the SQL a person would write for it, in SQLite and (with `--postgres URL`)
/// PostgreSQL. The tables come from the standard mapping of ``ContentGraph/schema`` with
/// `Content.name` indexed; they are filled by one `INSERT … SELECT` over a series.
enum SQLBenchmark {
    struct Comparison {
        var database: String
        var label: String
        var format: String
        var lowered: Measured
        var handWritten: Measured
        var foldingInvolved: Bool
    }

    struct Result {
        var rows: Int
        var loweringMicroseconds: [(String, Double)]
        var comparisons: [Comparison]
    }

    static var schema: Schema {
        var entities = ContentGraph.schema.entities
        for index in entities.indices where entities[index].name == "Content" {
            for attribute in entities[index].attributes.indices
            where entities[index].attributes[attribute].name == "name" {
                entities[index].attributes[attribute].isIndexed = true
            }
        }
        return Schema(entities: entities)
    }

    /// (label, predicate, hand-written SQL with `?` for its one value, the value, folding involved)
    static let queries: [(String, String, String, SQLValue, Bool)] = [
        (
            "indexed equality", "name == %@",
            #"SELECT "id" FROM "Content" WHERE "name" = ? ORDER BY "id""#, .text("Content 777"), false
        ),
        (
            "to-one relationship", "bucket.name == %@",
            #"SELECT c."id" FROM "Content" c JOIN "Bucket" b ON b."id" = c."bucket_id" WHERE b."name" = ? ORDER BY c."id""#,
            .text("Bucket 7"), false
        ),
        (
            "CONTAINS[cd]", "name CONTAINS[cd] %@",
            #"SELECT "id" FROM "Content" WHERE "name" LIKE '%' || ? || '%' ORDER BY "id""#, .text("ENT 77"), true
        ),
    ]

    static func run(rows: Int, buckets: Int, runs: Int, postgresURL: String?) throws -> Result {
        let schema = Self.schema
        let mapping = try SQLMapping.standard(schema)
        var result = Result(rows: rows, loweringMicroseconds: [], comparisons: [])
        for format in [
            "name == 'x'", "bucket.name == 'x' AND #size > 10",
            "ANY bucket.contents.#size > 900 OR name CONTAINS[cd] 'é'",
        ] {
            let rounds = 2_000
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<rounds {
                let checked = try CheckedPredicate(
                    try PredicateParser().parsePredicate(format), schema: schema, entity: "Content")
                _ = try SQLiteDialect().render(try PredicateLowering(layout: mapping).query(checked))
            }
            result.loweringMicroseconds.append((format, (clock.now - start).milliseconds * 1000 / Double(rounds)))
        }
        progress("sql: filling SQLite with \(Report.grouped(rows)) Contents…")
        let sqlite = try SQLiteConnection.inMemory()
        try sqlite.execute(SQLSchemaDefinition.statements(for: mapping, dialect: SQLiteDialect()))
        try sqlite.execute(
            fill(
                rows: rows, buckets: buckets,
                series: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows)) ", from: "n",
                concat: "||"))
        try sqlite.execute("ANALYZE")
        result.comparisons += try compare(
            "SQLite", dialect: SQLiteDialect(), schema: schema, mapping: mapping, runs: runs
        ) {
            try sqlite.rows($0).count
        }
        if let postgresURL {
            progress("sql: filling PostgreSQL with \(Report.grouped(rows)) Contents…")
            let postgres = try PostgresConnection(url: postgresURL)
            try postgres.installHelperFunctions()
            for table in ["Content", "Bucket"] { try postgres.execute(.dropTable(SQLDropTable(table, ifExists: true))) }
            try postgres.execute(SQLSchemaDefinition.statements(for: mapping, dialect: PostgreSQLDialect()))
            try postgres.execute(
                fill(
                    rows: rows, buckets: buckets, series: "", from: "generate_series(1::bigint, \(rows)) AS n(i)",
                    concat: "||"))
            try postgres.execute("ANALYZE")
            result.comparisons += try compare(
                "PostgreSQL", dialect: PostgreSQLDialect(), schema: schema, mapping: mapping, runs: runs
            ) {
                try postgres.rows($0).count
            }
        }
        return result
    }

    /// Buckets 1…`buckets`, Contents 1…`rows` (every tenth an ImageContent), Content `i` in
    /// Bucket `(i - 1) % buckets + 1`.
    static func fill(rows: Int, buckets: Int, series: String, from: String, concat: String) -> String {
        let bucketSeries = series.replacingOccurrences(of: "\(rows)", with: "\(buckets)")
        return """
            \(bucketSeries)INSERT INTO "Bucket" ("id", "name") SELECT i, 'Bucket ' \(concat) i FROM \(from.replacingOccurrences(of: "\(rows)", with: "\(buckets)"));
            \(series)INSERT INTO "Content" ("id", "entity", "name", "size", "creationDate", "bucket_id")
              SELECT i, CASE WHEN i % 10 = 0 THEN 'ImageContent' ELSE 'Content' END, 'Content ' \(concat) i,
                     (i * 7919) % 1000, (i * 104729) % 31536000, (i - 1) % \(buckets) + 1 FROM \(from);
            """
    }

    static func compare(
        _ database: String, dialect: any SQLDialect, schema: Schema, mapping: SQLMapping, runs: Int,
        count: @escaping (SQLStatement) throws -> Int
    ) throws -> [Comparison] {
        var comparisons: [Comparison] = []
        for (label, format, handSQL, value, folding) in queries {
            let checked = try CheckedPredicate(
                try PredicateParser().parsePredicate(format, arguments: [PredicateValue(value)]), schema: schema,
                entity: "Content")
            let lowered = try dialect.render(try PredicateLowering(layout: mapping).query(checked))
            // The hand-written query's one placeholder, as the dialect spells it.
            let hand = handSQL.replacingOccurrences(of: "?", with: dialect.placeholder(1))
            let handStatement = SQLStatement(sql: hand, bindings: [value])
            progress("sql: \(database) \(label)…")
            // A query answered from an index takes microseconds: repeat it so that the clock
            // and the scheduler do not decide the ratio (the times shown are per query).
            let repeats = label == "indexed equality" ? 500 : 1
            let measured = try Stopwatch.measure(
                [
                    Candidate(key: "lowered") {
                        try (0..<repeats).reduce(0) { total, _ in total + (try count(lowered)) } / repeats
                    },
                    Candidate(key: "hand") {
                        try (0..<repeats).reduce(0) { total, _ in total + (try count(handStatement)) } / repeats
                    },
                ], runs: runs)
            let perQuery = { (value: Measured) in
                Measured(timing: Timing(durations: value.timing.durations.map { $0 / repeats }), result: value.result)
            }
            guard let a = measured["lowered"].map(perQuery), let b = measured["hand"].map(perQuery) else { continue }
            if a.result != b.result && !folding {
                throw UnstableResult(
                    candidate: "\(database) \(label): lowered vs hand-written", first: a.result, later: b.result)
            }
            comparisons.append(
                Comparison(
                    database: database, label: label, format: format, lowered: a, handWritten: b,
                    foldingInvolved: folding))
        }
        return comparisons
    }
}

extension PredicateValue {
    init(_ value: SQLValue) {
        switch value {
        case .null: self = .null
        case .integer(let int): self = .int(Int(int))
        case .double(let double): self = .double(double)
        case .text(let text): self = .string(text)
        case .blob(let bytes): self = .data(Data(bytes))
        }
    }
}
