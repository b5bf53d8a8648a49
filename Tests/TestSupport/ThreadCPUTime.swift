import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CPU time of the calling thread, for ratio-based scaling tests: unlike a wall clock it does
/// not count the time other tests and other processes take the processor away, so the ratio
/// of two sizes measured in one run stays meaningful on a loaded machine.
public enum ThreadCPUTime {
    /// The CPU seconds the calling thread spends in `body`.
    public static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return now() - start
    }

    /// The best (smallest) of `runs` measurements of `body`.
    public static func best(of runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs { best = min(best, try seconds(body)) }
        return best
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
