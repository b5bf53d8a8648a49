import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

/// The `scan` rows: the column scan of an object graph (`graph.count(scan)`) against, in the
/// same run, a plain loop over an array of the same values (`[Int]` sizes, `[String]` bucket
/// names), a plain loop over an array of structs holding them, the hand-written closure on the
/// graph's storage and the row-at-a-time engine (both called once per object).
enum ScanBenchmark {
    enum Part: String, Hashable, CaseIterable {
        case plainLoop, structLoop, closure, rows, scan
    }

    /// One Content as a plain struct: the values the rows read.
    struct ContentRow {
        var name: String
        var size: Int
        var bucketName: String
        var creationDate: Double
    }

    struct Result {
        let format: String
        let measured: [Part: Measured]

        /// The median over the runs of `part` / `base`, run by run (both measured in the same round).
        func ratio(_ part: Part, _ base: Part) -> Double? {
            guard let a = measured[part]?.timing.durations, let b = measured[base]?.timing.durations else { return nil }
            let ratios = zip(a, b).compactMap { $1 > .zero ? $0 / $1 : nil }.sorted()
            guard !ratios.isEmpty else { return nil }
            let middle = ratios.count / 2
            return ratios.count % 2 == 1 ? ratios[middle] : (ratios[middle - 1] + ratios[middle]) / 2
        }
    }

    static func run(_ setup: GraphBenchmark.Setup, runs: Int) throws -> [Result] {
        let graph = setup.graph
        guard let size = graph.attributeColumn("size", of: "Content"),
            let bucket = graph.toOneColumn("bucket", of: "Content"),
            let name = graph.attributeColumn("name", of: "Bucket"),
            let contentName = graph.attributeColumn("name", of: "Content"),
            let date = graph.attributeColumn("creationDate", of: "Content")
        else { throw BenchFailure("the benchmark schema has no size, bucket or name column") }
        // The same values, read once from the graph into plain arrays (in the objects' order).
        let objects = setup.objects
        let tables = graph.graphObjects(of: "Content").first?.storage.tables ?? []
        func value(_ column: (hierarchy: Int, column: Int), _ row: Int) -> PredicateValue {
            tables[column.hierarchy].attributes[column.column][row]
        }
        var sizes: [Int] = []
        var bucketNames: [String] = []
        var records: [ContentRow] = []
        for object in objects {
            let target = tables[bucket.hierarchy].toOne[bucket.column][object.row]
            var bucketName = ""
            if target >= 0, case .string(let text) = value(name, Int(target)) { bucketName = text }
            var sizeValue = 0
            if case .int(let number) = value(size, object.row) { sizeValue = number }
            var text = ""
            if case .string(let string) = value(contentName, object.row) { text = string }
            var seconds = 0.0
            if case .date(let day) = value(date, object.row) { seconds = day.timeIntervalSinceReferenceDate }
            sizes.append(sizeValue)
            bucketNames.append(bucketName)
            records.append(ContentRow(name: text, size: sizeValue, bucketName: bucketName, creationDate: seconds))
        }
        let closures = try GraphBenchmark.closures(graph)
        let cases: [(String, () -> Int, () -> Int, (GraphObject) -> Bool)] = [
            (
                "#size > 500", { plainCount(sizes) { $0 > 500 } }, { plainCount(records) { $0.size > 500 } },
                closures.size
            ),
            (
                "bucket.name == 'Bucket 7'", { plainCount(bucketNames) { $0 == "Bucket 7" } },
                { plainCount(records) { $0.bucketName == "Bucket 7" } }, closures.bucket
            ),
            (
                "#size > 500 AND bucket.name == 'Bucket 7'",
                { plainCount(records) { $0.size > 500 && $0.bucketName == "Bucket 7" } },
                { plainCount(records) { $0.size > 500 && $0.bucketName == "Bucket 7" } },
                { closures.size($0) && closures.bucket($0) }
            ),
        ]
        var results: [Result] = []
        for (format, plain, structs, closure) in cases {
            let checked = try CheckedPredicate(PredicateNode(format: format), schema: graph.schema, entity: "Content")
            let compiled = try PredicateCompiler().compile(checked, for: graph)
            let scan = try PredicateCompiler().compileScan(checked, for: graph)
            let measured = try Stopwatch.measure(
                [
                    Candidate(key: Part.plainLoop, run: plain),
                    Candidate(key: Part.structLoop, run: structs),
                    Candidate(key: Part.closure) { countMatches(objects, closure) },
                    Candidate(key: Part.rows) { try countMatches(objects) { try compiled.evaluate($0) } },
                    Candidate(key: Part.scan) { try graph.count(scan) },
                ], runs: runs)
            let counts = Set(Part.allCases.compactMap { measured[$0]?.result })
            guard counts.count == 1 else { throw BenchFailure("\(format): the scan rows disagree: \(counts)") }
            results.append(Result(format: format, measured: measured))
        }
        return results
    }

    /// Counts the values `test` accepts; `test` is a closure literal the optimiser inlines.
    @inline(__always)
    static func plainCount<Value>(_ values: [Value], _ test: (Value) -> Bool) -> Int {
        var count = 0
        for value in values where test(value) { count += 1 }
        return count
    }

    private static func cell(_ measured: Measured?) -> String {
        measured.map { Report.cell($0.timing) } ?? "—"
    }

    static func report(_ results: [Result], contents: Int) -> String {
        let rows = results.map { result in
            [
                "`\(result.format)`",
                cell(result.measured[.plainLoop]), cell(result.measured[.structLoop]),
                cell(result.measured[.closure]), cell(result.measured[.rows]),
                cell(result.measured[.scan]),
                Report.ratio(result.ratio(.scan, .plainLoop)), Report.ratio(result.ratio(.scan, .structLoop)),
                Report.ratio(result.ratio(.closure, .scan)), Report.ratio(result.ratio(.rows, .scan)),
                Report.grouped(result.measured[.scan]?.result ?? 0),
            ]
        }
        return "## Column scans of an object graph: \(Report.grouped(contents)) Contents\n\n"
            + Report.table(
                [
                    "predicate", "plain loop, values array (ms)", "plain loop, struct array (ms)",
                    "hand-written closure (ms)", "engine row by row (ms)", "column scan (ms)", "scan / plain loop",
                    "scan / struct loop", "closure / scan", "row engine / scan", "matches",
                ], rows)
            + "\n\nRatios are medians of the run-by-run ratios (all candidates interleaved in each run)."
    }

    static func targets(_ results: [Result]) -> [Target] {
        results.flatMap { result -> [Target] in
            var targets: [Target] = []
            if let value = result.ratio(.scan, .plainLoop) {
                targets.append(
                    Target(
                        name: "graph column scan within 3× of the plain loop over the values: `\(result.format)`",
                        measured: Report.ratio(value), isMet: value <= 3))
            }
            if let value = result.ratio(.closure, .scan) {
                targets.append(
                    Target(
                        name: "graph column scan ≥ 5× faster than the hand-written closure: `\(result.format)`",
                        measured: Report.ratio(value) + " faster", isMet: value >= 5))
            }
            return targets
        }
    }
}
