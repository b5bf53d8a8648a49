import Foundation

/// The seed of a property-test run: `PREDICATE_SEED` from the environment when set (decimal
/// or `0x` hexadecimal), otherwise a fresh random seed. Failures print the seed of the
/// failing case so that `PREDICATE_SEED=<seed> swift test --filter RoundTrip` replays it as
/// the first case.
enum RoundTripSeed {
    /// Cases per property-test run (at least 10,000); `PREDICATE_CASES` overrides it.
    static var caseCount: Int {
        ProcessInfo.processInfo.environment["PREDICATE_CASES"].flatMap { Int($0) } ?? 10_000
    }

    /// The run's seed.
    static var current: UInt64 {
        if let text = ProcessInfo.processInfo.environment["PREDICATE_SEED"], let seed = parse(text) {
            return seed
        }
        return UInt64.random(in: 0...UInt64.max)
    }

    /// The seed of case `index` of a run: case 0 uses the run's seed itself.
    static func caseSeed(run: UInt64, index: Int) -> UInt64 {
        run &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03
    }

    private static func parse(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased().hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
        return UInt64(trimmed)
    }
}
