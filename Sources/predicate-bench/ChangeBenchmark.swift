import Evaluation
import ObjectStore

/// Issue 4's row: `contents` Contents in `buckets` Buckets, 100 Bucket renames; the change
/// matcher against a full scan of every root (``ChangeMatchingBenchmark``).
struct ChangeResult {
    let contents: Int
    let buckets: Int
    let renames: Int
    let matcher: Measured
    let fullScan: Measured
    /// Seconds spent building the graph and applying the renames (not part of either time).
    let setUpSeconds: Double

    /// How many times faster the matcher is.
    var speedUp: Double? {
        let fast = matcher.timing.median
        return fast > .zero ? fullScan.timing.median / fast : nil
    }
}

enum ChangeBenchmark {
    /// The two parts of the row, timed interleaved.
    enum Part: String, Hashable {
        case matcher, fullScan
    }

    /// The same answer from both, or the benchmark is wrong.
    struct DifferentAnswers: Error, CustomStringConvertible {
        let matcher: AffectedRoots
        let fullScan: AffectedRoots

        var description: String {
            "the matcher found \(matcher.reevaluate.count)/\(matcher.refresh.count) roots, "
                + "the full scan \(fullScan.reevaluate.count)/\(fullScan.refresh.count)"
        }
    }

    static func run(contents: Int, buckets: Int, renames: Int, runs: Int) throws -> ChangeResult {
        let clock = ContinuousClock()
        let start = clock.now
        let bench = try ChangeMatchingBenchmark.make(contents: contents, buckets: buckets, renames: renames)
        let setUp = clock.now - start
        let fast = bench.runMatcher()
        let slow = bench.runFullScan()
        guard fast == slow else { throw DifferentAnswers(matcher: fast, fullScan: slow) }
        let measured = try Stopwatch.measure(
            [
                Candidate(key: Part.matcher) { bench.runMatcher().reevaluate.count },
                Candidate(key: Part.fullScan) { bench.runFullScan().reevaluate.count },
            ], runs: runs)
        let empty = Measured(timing: Timing(durations: []), result: 0)
        return ChangeResult(
            contents: contents, buckets: buckets, renames: renames,
            matcher: measured[.matcher] ?? empty, fullScan: measured[.fullScan] ?? empty,
            setUpSeconds: setUp.seconds)
    }
}
