/// The timings of one candidate over the measured runs (the warm-up runs are dropped).
///
/// ```swift
/// let timing = Timing(durations: [.milliseconds(3), .milliseconds(2), .milliseconds(4)])
/// timing.median   // 3 ms
/// ```
struct Timing {
    /// One duration per measured run, in run order.
    let durations: [Duration]

    /// The middle duration (the mean of the two middle ones for an even count).
    var median: Duration {
        let sorted = durations.sorted()
        guard !sorted.isEmpty else { return .zero }
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return sorted[middle] }
        return (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The fastest run.
    var min: Duration { durations.min() ?? .zero }

    /// The slowest run.
    var max: Duration { durations.max() ?? .zero }
}

extension Duration {
    /// The duration in milliseconds.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
    }

    /// The duration in seconds.
    var seconds: Double { milliseconds / 1e3 }
}

/// Something to time: a body that does the whole job once and returns a check value (the
/// number of matching objects), which must be the same on every run.
struct Candidate<Key: Hashable> {
    /// Which column (or row part) this is.
    let key: Key
    /// One complete run.
    let run: () throws -> Int
}

/// What measuring a candidate gives.
struct Measured {
    /// The timings of the measured runs.
    let timing: Timing
    /// The check value of the runs (the number of matches).
    let result: Int
}

/// The check value changed between runs of the same candidate: the benchmark is broken.
struct UnstableResult: Error, CustomStringConvertible {
    let candidate: String
    let first: Int
    let later: Int

    var description: String { "\(candidate) returned \(first) and later \(later)" }
}

/// Times candidates with `ContinuousClock`, interleaved: each round runs every candidate
/// once, so load from other processes falls on all of them alike and ratios between them stay
/// meaningful. The first `warmUps` rounds are not recorded.
enum Stopwatch {
    static func measure<Key: Hashable>(
        _ candidates: [Candidate<Key>], runs: Int, warmUps: Int = 1
    ) throws -> [Key: Measured] {
        let clock = ContinuousClock()
        var durations: [Key: [Duration]] = [:]
        var results: [Key: Int] = [:]
        for round in 0..<(warmUps + runs) {
            for candidate in candidates {
                let start = clock.now
                let result = try candidate.run()
                let elapsed = clock.now - start
                if let first = results[candidate.key], first != result {
                    throw UnstableResult(candidate: "\(candidate.key)", first: first, later: result)
                }
                results[candidate.key] = result
                if round >= warmUps { durations[candidate.key, default: []].append(elapsed) }
            }
        }
        var measured: [Key: Measured] = [:]
        for candidate in candidates {
            measured[candidate.key] = Measured(
                timing: Timing(durations: durations[candidate.key] ?? []), result: results[candidate.key] ?? 0)
        }
        return measured
    }
}

/// Counts the objects `test` accepts. Every evaluation column except the inlined loop goes
/// through this one loop with its test passed as a closure value, so they differ only in the
/// test.
///
/// Calling an opaque closure (or `CompiledPredicate.evaluate`, or `Predicate.evaluate`) with an
/// element of the array makes Swift copy the element first: for `Person` that is a retain and
/// a release of its `tags` array, about 25 ns per object on the reference machine, paid by
/// every column alike. The inlined loop shows the cost without it.
@inline(never)
func countMatches<Object>(_ objects: [Object], _ test: (Object) throws -> Bool) rethrows -> Int {
    var count = 0
    for object in objects where try test(object) { count += 1 }
    return count
}

/// The loop of the inlined column: `test` is a closure literal the optimiser inlines here.
@inline(__always)
func countInline(_ people: [Person], _ test: (Person) -> Bool) -> Int {
    var count = 0
    for person in people where test(person) { count += 1 }
    return count
}
