import Foundation

/// Repeated timings of one piece of work: median, minimum and maximum in milliseconds.
struct Timing {
    var samples: [Double]

    var median: Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    var min: Double { samples.min() ?? .nan }
    var max: Double { samples.max() ?? .nan }

    /// Runs `work` `runs` times after one warm-up run; `work` returns the number of matches,
    /// which must be the same every time (it is also how the optimiser is kept honest).
    static func measure(runs: Int, expected: Int? = nil, _ work: () throws -> Int) rethrows -> (Timing, Int) {
        let clock = ContinuousClock()
        let matches = try work()
        if let expected, expected != matches {
            FileHandle.standardError.write(Data("warning: \(matches) matches, expected \(expected)\n".utf8))
        }
        var samples: [Double] = []
        for _ in 0..<runs {
            var count = 0
            let elapsed = try clock.measure { count = try work() }
            if count != matches { FileHandle.standardError.write(Data("warning: match count changed between runs\n".utf8)) }
            samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        return (Timing(samples: samples), matches)
    }

    /// `12.3 ms (11.9–13.0)`.
    var cell: String { "\(Self.format(median)) (\(Self.format(min))–\(Self.format(max)))" }

    static func format(_ milliseconds: Double) -> String {
        if milliseconds >= 100 { return String(format: "%.0f", milliseconds) }
        if milliseconds >= 10 { return String(format: "%.1f", milliseconds) }
        return String(format: "%.2f", milliseconds)
    }
}
