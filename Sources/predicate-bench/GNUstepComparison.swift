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
/// one warm-up.
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

    /// Times every predicate of the file over the data read with `JSONSerialization`.
    static func time(data path: String, predicates predicatesPath: String, runs: Int) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let objects = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw Failure(description: "\(path): not a JSON array of objects")
        }
        let formats = try String(contentsOfFile: predicatesPath, encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let clock = ContinuousClock()
        for format in formats {
            let compiled = try PredicateCompiler().compile(PredicateNode(format: format), for: [String: Any].self)
            var durations: [Duration] = []
            var matches = 0
            for run in 0...runs {
                let start = clock.now
                matches = try countMatches(objects) { try compiled.evaluate($0) }
                if run > 0 { durations.append(clock.now - start) }
            }
            let median = Timing(durations: durations).median
            let nanoseconds = median.milliseconds * 1e6 / Double(objects.count)
            print("\(String(format: "%.1f", nanoseconds))\t\(matches)\t\(format)")
        }
    }
}
