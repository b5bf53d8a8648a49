import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import PostgresDatabase
import SQLiteDatabase

/// The `create` rows: `predicate db create` (the whole process: reading the graph file,
/// building and checking the graph, writing the database) against the databases' own shells
/// loading the same rows, run in turn, the ratio taken pair by pair:
///
/// - SQLite: `sqlite3 FILE < script.sql`, the script one transaction that creates the same
///   tables, inserts every row with one `INSERT` of literal values, and creates the indexes;
/// - PostgreSQL (with `--postgres URL`): `psql URL -f script.psql`, one transaction that drops
///   the tables, creates them, loads each from a CSV file with `\copy`, creates the indexes.
///
/// Both baselines' inputs are written from the graph's own rows (the rows `db create` writes)
/// before the timing. Peak memory is each child's resident high-water mark (``Spawn``), set
/// against the graph file's size.
enum CreateBenchmark {
    struct Row {
        var database: String
        var baseline: String
        var objects: Int
        var fileBytes: Int
        var ours: [Double]
        var theirs: [Double]
        var ratios: [Double]
        var oursPeak: [Int?]
        var theirsPeak: [Int?]
    }

    static func run(contents: Int, buckets: Int, seed: UInt64, runs: Int, postgresURL: String?) throws -> [Row] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "predicate-bench-create-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = { (name: String) in directory.appendingPathComponent(name).path }
        progress("create: writing the graph file of \(Report.grouped(contents)) Contents and the baselines' inputs…")
        let text = ContentGraph.jsonText(contents: contents, buckets: buckets, seed: seed)
        try text.write(to: URL(fileURLWithPath: path("graph.json")))
        try ContentGraph.schema.jsonData().write(to: URL(fileURLWithPath: path("schema.json")))
        let graph = try ObjectGraph.load(json: text, schema: ContentGraph.schema)
        let mapping = try SQLMapping.standard(ContentGraph.schema, keyTypes: graph.sqlKeyTypes())
        let tool = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("predicate").path
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw BenchFailure("\(tool) is missing: build every product (swift build -c release)")
        }
        let create = [tool, "db", "create", "--schema", path("schema.json"), "--graph", path("graph.json")]
        var rows: [Row] = []

        let script = BaselineScript(mapping: mapping)
        try script.sqlite(graph: graph).write(to: URL(fileURLWithPath: path("script.sql")))
        let target = path("store.sqlite")
        progress("create: SQLite…")
        rows.append(
            try compare(
                database: "SQLite", baseline: "sqlite3 shell, one SQL script", objects: graph.count,
                fileBytes: text.count, runs: runs,
                ours: Spawn(create + ["--db", target]),
                theirs: Spawn(["/usr/bin/env", "sqlite3", target], input: path("script.sql")),
                before: { try? FileManager.default.removeItem(atPath: target) }))

        if let postgresURL {
            try script.psql(graph: graph, directory: directory.path).write(
                to: URL(fileURLWithPath: path("script.psql")))
            progress("create: PostgreSQL…")
            rows.append(
                try compare(
                    database: "PostgreSQL", baseline: "psql \\copy (CSV)", objects: graph.count, fileBytes: text.count,
                    runs: runs, ours: Spawn(create + ["--replace", "--db", postgresURL]),
                    theirs: Spawn(
                        [
                            "/usr/bin/env", "psql", "-q", "-v", "ON_ERROR_STOP=1", "-d", postgresURL, "-f",
                            path("script.psql"),
                        ]
                    ),
                    before: {}))
        }
        return rows
    }

    /// Runs `ours` and `theirs` in turn, one warm-up pair first.
    static func compare(
        database: String, baseline: String, objects: Int, fileBytes: Int, runs: Int, ours: Spawn, theirs: Spawn,
        before: () -> Void
    ) throws -> Row {
        var row = Row(
            database: database, baseline: baseline, objects: objects, fileBytes: fileBytes, ours: [], theirs: [],
            ratios: [], oursPeak: [], theirsPeak: [])
        for run in 0...runs {
            before()
            let a = try ours.run()
            before()
            let b = try theirs.run()
            guard run > 0 else { continue }
            row.ours.append(a.seconds)
            row.theirs.append(b.seconds)
            row.ratios.append(a.seconds / b.seconds)
            row.oursPeak.append(a.peakBytes)
            row.theirsPeak.append(b.peakBytes)
        }
        return row
    }

    static func median<T: Comparable>(_ values: [T]) -> T? {
        let sorted = values.sorted()
        return sorted.isEmpty ? nil : sorted[sorted.count / 2]
    }

    /// The median of the peaks, `nil` when any is unknown.
    static func median(_ peaks: [Int?]) -> Int? {
        let known = peaks.compactMap { $0 }
        return known.count == peaks.count ? median(known) : nil
    }
}

extension Report {
    static func create(_ rows: [CreateBenchmark.Row]) -> String {
        let cells = rows.map { row -> [String] in
            let megabytes = { (bytes: Int?) in bytes.map { number(Double($0) / 1_048_576) } ?? "?" }
            return [
                row.database, grouped(row.objects), row.baseline,
                number((CreateBenchmark.median(row.ours) ?? 0) * 1000),
                number((CreateBenchmark.median(row.theirs) ?? 0) * 1000),
                ratio(CreateBenchmark.median(row.ratios)),
                megabytes(CreateBenchmark.median(row.oursPeak)), megabytes(CreateBenchmark.median(row.theirsPeak)),
                megabytes(row.fileBytes),
                CreateBenchmark.median(row.oursPeak).map { number(Double($0) / Double(max(1, row.fileBytes))) } ?? "?",
            ]
        }
        return "## db create\n\n"
            + table(
                [
                    "database", "objects", "baseline", "db create ms", "baseline ms", "ratio (median of pairs)",
                    "db create peak MB", "baseline peak MB", "graph file MB", "peak / file",
                ], cells)
            + "\n\nWhole processes, run in turn after a warm-up pair; the ratio is db create / baseline, "
            + "pair by pair. Peak is each process's resident high-water mark, as GNU time reports it "
            + "(`?` without /usr/bin/time)."
    }
}
