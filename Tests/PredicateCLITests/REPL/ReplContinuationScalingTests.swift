import Testing

@testable import PredicateCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 17 §16: a predicate pasted over many lines without bracketed paste (or piped in)
/// reaches the session a line at a time while a bracket is open. Each line used to join and
/// rescan everything before it, so 10,000 lines took a minute. Measured as a ratio between
/// two sizes in one run, so the machine's speed does not matter: four times the lines may
/// cost at most eight times as much (a quadratic cost would be sixteen; it measured 13.7).
/// The time is the thread's CPU time, which a busy machine does not inflate by making the
/// test wait for a core.
@Suite("REPL: continuing an open input costs its length")
struct ReplContinuationScalingTests {
    /// The CPU seconds this thread has used.
    static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The CPU seconds to hand `lines` lines of an open `IN {…}` to a session (the best of
    /// three).
    static func seconds(_ lines: Int) throws -> Double {
        var best = Double.infinity
        let items = (0..<lines).map { "'w\($0)'," }
        for _ in 0..<3 {
            var session = try ReplSession.bundledSample(clock: { 0 })
            let start = cpuSeconds()
            var continuing = session.handle("#size > 800 OR name IN {") == .more
            for item in items { continuing = continuing && session.handle(item) == .more }
            let elapsed = cpuSeconds() - start
            guard continuing else { return .infinity }
            best = min(best, elapsed)
        }
        return best
    }

    @Test("the lines of an open input are read once: the whole input still evaluates")
    func wholeInput() throws {
        var session = try ReplSession.bundledSample(clock: { 0 })
        #expect(session.handle("#size > 800 OR name IN {") == .more)
        for index in 0..<1_000 { #expect(session.handle("'w\(index)',") == .more) }
        #expect(session.isContinuing)
        // Contents 2 and 5 are over 800 bytes.
        #expect(session.handle("'w'}").text.hasPrefix("id "))
        #expect(!session.isContinuing)
    }

    @Test("four times the lines cost at most eight times the time")
    func linear() throws {
        let small = try Self.seconds(2_000)
        let large = try Self.seconds(8_000)
        #expect(large < 8 * small, "2,000 lines: \(small) s, 8,000 lines: \(large) s")
    }
}
