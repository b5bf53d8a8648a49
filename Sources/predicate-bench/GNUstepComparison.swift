import Evaluation
import Foundation
import Predicates

/// The Swift half of `Scripts/gnustep-compare/run.sh`, which times GNUstep's `NSPredicate`
/// and this engine on the same dictionaries:
///
/// ```
/// predicate-bench --write-nested-json FILE COUNT SEED   # the data, as one JSON array
/// predicate-bench --time-json FILE PREDICATES RUNS      # one line per predicate
/// predicate-bench --time-graph FILE PREDICATES RUNS     # the same, as an object graph's scan
/// ```
///
/// Both halves read the JSON file with their platform's JSON reader (`JSONSerialization`,
/// `NSJSONSerialization`), so both evaluate dictionaries of `NSNumber`s, strings, arrays and
/// nested dictionaries, and print for every line of the predicates file
/// `median-ns-per-object <TAB> matches <TAB> format`, the median of `RUNS` timed runs after
/// one warm-up. The Swift half adds two columns: the same predicate over the same file read
/// as a ``JSONDocument`` (the compact tape), `<TAB> median-ns-per-object <TAB> matches`.
enum GNUstepComparison {
    /// A mistake in the arguments of either mode.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Handles `arguments` when they name one of the two modes; `false` otherwise.
    static func handle(_ arguments: [String]) throws -> Bool {
        switch arguments.first {
        case "--write-nested-json":
            guard arguments.count == 4, let count = Int(arguments[2]), count > 0, let seed = UInt64(arguments[3]) else {
                throw Failure(description: "usage: predicate-bench --write-nested-json FILE COUNT SEED")
            }
            try writeData(to: arguments[1], count: count, seed: seed)
            return true
        case "--time-json":
            guard arguments.count == 4, let runs = Int(arguments[3]), runs > 0 else {
                throw Failure(description: "usage: predicate-bench --time-json FILE PREDICATES RUNS")
            }
            try time(data: arguments[1], predicates: arguments[2], runs: runs)
            return true
        case "--time-graph":
            guard arguments.count == 4, let runs = Int(arguments[3]), runs > 0 else {
                throw Failure(description: "usage: predicate-bench --time-graph FILE PREDICATES RUNS")
            }
            try GNUstepGraphHalf.time(data: arguments[1], predicates: arguments[2], runs: runs)
            return true
        default:
            return false
        }
    }

    /// Writes `count` nested items from `seed` (``NestedItems``) as a JSON array.
    static func writeData(to path: String, count: Int, seed: UInt64) throws {
        let items = NestedItems.make(count: count, seed: seed)
        try Data(NestedItems.jsonText(items).utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Times every predicate of the file over the data read with `JSONSerialization`, then over
    /// the same bytes read as a ``JSONDocument``; the two runs of a predicate alternate.
    static func time(data path: String, predicates predicatesPath: String, runs: Int) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let clock = ContinuousClock()
        // Each reader's time and peak memory (growth of the resident high-water mark), on stderr.
        var base = LoadingBenchmark.resetHighWaterMark()
        var start = clock.now
        let document = try JSONDocument(jsonArray: data)
        report("JSONDocument", clock.now - start, LoadingBenchmark.highWaterMark() - base, document.count)
        base = LoadingBenchmark.resetHighWaterMark()
        start = clock.now
        guard let objects = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw Failure(description: "\(path): not a JSON array of objects")
        }
        report("JSONSerialization", clock.now - start, LoadingBenchmark.highWaterMark() - base, objects.count)
        let formats = try String(contentsOfFile: predicatesPath, encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
        for format in formats {
            let node = try PredicateNode(format: format)
            let compiled = try PredicateCompiler().compile(node, for: [String: Any].self)
            let onDocument = try PredicateCompiler().compile(node, for: document)
            var durations: [Duration] = []
            var documentDurations: [Duration] = []
            var matches = 0
            var documentMatches = 0
            for run in 0...runs {
                let start = clock.now
                matches = try countMatches(objects) { try compiled.evaluate($0) }
                let middle = clock.now
                documentMatches = try document.count(matching: onDocument)
                if run > 0 {
                    durations.append(middle - start)
                    documentDurations.append(clock.now - middle)
                }
            }
            print(
                [
                    nanoseconds(durations, objects.count), "\(matches)", format,
                    nanoseconds(documentDurations, document.count), "\(documentMatches)",
                ].joined(separator: "\t"))
        }
    }

    /// One reader's load time and peak memory per object, on stderr.
    private static func report(_ reader: String, _ time: Duration, _ bytes: Int, _ objects: Int) {
        let milliseconds = String(format: "%.0f", time.milliseconds)
        let message = "\(reader): \(milliseconds) ms, peak \(bytes / max(objects, 1)) bytes per object\n"
        FileHandle.standardError.write(Data(message.utf8))
    }

    /// The median of `durations` per object, in nanoseconds with one decimal.
    private static func nanoseconds(_ durations: [Duration], _ objects: Int) -> String {
        String(format: "%.1f", Timing(durations: durations).median.milliseconds * 1e6 / Double(max(objects, 1)))
    }
}
