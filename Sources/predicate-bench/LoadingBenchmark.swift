import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

/// The `load` row: how fast inputs load and how much memory they take, at two sizes, so that
/// the growth shows (linear growth: the per-object figures stay flat between the sizes).
///
/// - a JSON data array filtered as `predicate eval --data` filters it (read one object at a
///   time, the matches kept as text);
/// - an object graph of Contents in Buckets from its graph file (what `--graph` reads), and
///   from the objects already decoded (`ObjectGraph(schema:objects:)`);
/// - a schema whose entities form one inheritance chain, built and validated.
///
/// Peak memory is the growth of the high-water mark of resident memory (`VmHWM`) while
/// loading, per object; it includes the transient copies a loader makes.
enum LoadingBenchmark {
    struct Row {
        var input: String
        var objects: Int
        var seconds: Double
        var peakBytes: Int
    }

    static let kinds = ["data", "graph-file", "graph", "schema"]

    /// Each measurement runs in a child process of this executable (`--load-probe KIND N
    /// [FILE]`), so that its peak memory is its own. Text inputs are written to a temporary
    /// file first, which the child reads before it starts measuring.
    static func run(sizes: [Int]) throws -> [Row] {
        var rows: [Row] = []
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "predicate-bench-load-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for kind in kinds {
            for size in sizes {
                let count = kind == "schema" ? size / 100 : size
                var arguments = ["--load-probe", kind, String(count)]
                if let text = inputText(kind: kind, count: count) {
                    let file = directory.appendingPathComponent("\(kind)-\(count).json")
                    try text.write(to: file)
                    arguments.append(file.path)
                }
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
                process.arguments = arguments
                let output = Pipe()
                process.standardOutput = output
                try process.run()
                let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                let fields = text.split(separator: " ")
                guard process.terminationStatus == 0, fields.count == 2, let seconds = Double(fields[0]),
                    let bytes = Int(fields[1].trimmingCharacters(in: .whitespacesAndNewlines))
                else { throw BenchFailure("the \(kind) probe failed: \(text)") }
                let input =
                    switch kind {
                    case "data": "JSON data array filtered by `eval --data` (people, ~170 bytes each, half match)"
                    case "graph-file": "object graph file (Contents in Buckets, ~125 bytes each)"
                    case "graph": "object graph from decoded objects (Contents in Buckets)"
                    default: "schema: one inheritance chain"
                    }
                rows.append(Row(input: input, objects: count, seconds: seconds, peakBytes: bytes))
            }
        }
        return rows
    }

    /// The text a kind of input loads from, if it loads from text.
    static func inputText(kind: String, count: Int) -> Data? {
        switch kind {
        case "data": dataArray(count: count)
        case "graph-file": ContentGraph.jsonText(contents: count, buckets: max(1, count / 100), seed: 7)
        default: nil
        }
    }

    /// The child's side: loads one input and prints `seconds peakGrowthBytes`.
    static func probe(kind: String, count: Int, file: String?) throws {
        var prepared: () throws -> Void
        let text = try file.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } ?? Data()
        switch kind {
        case "data":
            // What `predicate eval 'age >= 45' --data FILE` does once the file is read: copy
            // the bytes, filter the array as it is read, keep the matches (about half) as text.
            let compiled = try PredicateCompiler().compile(
                try PredicateNode(format: "age >= 45"), for: PredicateValue.self)
            prepared = {
                guard case .matches = compiled.filter(jsonArray: Array(text)) else {
                    throw BenchFailure("the data array did not filter")
                }
            }
        case "graph-file":
            prepared = { _ = try ObjectGraph.load(json: text, schema: ContentGraph.schema) }
        case "graph":
            let objects = ContentGraph.objects(contents: count, buckets: max(1, count / 100), seed: 7)
            prepared = { _ = try ObjectGraph(schema: ContentGraph.schema, objects: objects) }
        default:
            let entities = (0..<count).map { index in
                EntityDescription(
                    name: "E\(index)", parent: index == 0 ? nil : "E\(index - 1)",
                    attributes: [AttributeDescription(name: "a\(index)", type: .string)])
            }
            prepared = {
                let schema = Schema(entities: entities)
                try schema.validate()
            }
        }
        let before = resetHighWaterMark()
        let clock = ContinuousClock()
        let start = clock.now
        try prepared()
        let elapsed = (clock.now - start).seconds
        print("\(elapsed) \(max(0, highWaterMark() - before))")
    }

    /// `count` people as a JSON array, like Samples/people.json.
    static func dataArray(count: Int) -> Data {
        var text = "["
        text.reserveCapacity(count * 120)
        for index in 0..<count {
            if index > 0 { text += ",\n" }
            text += #"{"id": \#(index), "name": "Person \#(index)", "age": \#(index % 90), "#
            text += #""tags": ["swift", "t\#(index % 13)"], "address": {"city": "City \#(index % 50)"}, "#
            text += #""joined": {"$date": "2020-06-15T09:30:00Z"}}"#
        }
        text += "]"
        return Data(text.utf8)
    }

    /// The process's resident high-water mark in bytes, from /proc/self/status.
    static func highWaterMark() -> Int {
        statusBytes("VmHWM")
    }

    /// Sets the high-water mark back to the current resident size (`/proc/self/clear_refs`),
    /// so that what the input's preparation took does not hide the loader's peak; returns it.
    static func resetHighWaterMark() -> Int {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        return min(statusBytes("VmRSS"), highWaterMark())
    }

    private static func statusBytes(_ field: String) -> Int {
        guard let line = procLine("self/status", prefix: field) else { return 0 }
        let kilobytes = Int(line.split(separator: " ").first ?? "") ?? 0
        return kilobytes * 1024
    }
}

extension Report {
    static func loading(_ rows: [LoadingBenchmark.Row]) -> String {
        let cells = rows.map { row in
            [
                row.input, grouped(row.objects), number(row.seconds * 1000),
                grouped(Int(Double(row.objects) / max(row.seconds, 1e-9))),
                number(Double(row.peakBytes) / Double(max(1, row.objects))),
            ]
        }
        return "## Loading\n\n"
            + table(["input", "objects", "ms", "objects / s", "peak bytes / object"], cells)
            + "\n\nEach row runs in its own process; peak memory is the growth of its resident high-water "
            + "mark while loading (the input text is read from a file before and not counted). Linear growth "
            + "shows as flat per-object figures between the two sizes."
    }
}
