import Foundation

/// The seed and size of a property-test run, read once from the environment:
/// `PREDICATE_SEED` (decimal or `0x` hexadecimal) replays a run, `PREDICATE_CASES` resizes it.
/// Without them each run takes a fresh seed, which the test prints.
///
/// Case `i` of a run is generated from ``caseSeed(_:)``; case 0 uses the run's seed itself, so
/// the seed printed for a failing case replays that case alone as the first of a run
/// (`PREDICATE_SEED=<case seed> PREDICATE_CASES=1`).
public struct PropertyRun: Sendable {
    /// The run's seed.
    public let seed: UInt64
    /// The number of cases.
    public let cases: Int

    /// The run of the test `name` with `defaultCases` cases unless `PREDICATE_CASES` says
    /// otherwise; prints `name: PREDICATE_SEED=… PREDICATE_CASES=…`.
    public init(_ name: String, defaultCases: Int) {
        let environment = ProcessInfo.processInfo.environment
        seed = environment["PREDICATE_SEED"].flatMap(Self.parse) ?? UInt64.random(in: 0...UInt64.max)
        cases = environment["PREDICATE_CASES"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? defaultCases
        print("\(name): PREDICATE_SEED=\(seed) PREDICATE_CASES=\(cases)")
    }

    /// The run of a test that takes only a seed (its size is its own); prints
    /// `name: PREDICATE_SEED=…`.
    public init(seedOnly name: String) {
        let environment = ProcessInfo.processInfo.environment
        seed = environment["PREDICATE_SEED"].flatMap(Self.parse) ?? UInt64.random(in: 0...UInt64.max)
        cases = 1
        print("\(name): PREDICATE_SEED=\(seed)")
    }

    /// The seed of case `index`.
    public func caseSeed(_ index: Int) -> UInt64 {
        seed &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03
    }

    /// How to replay case `index` alone.
    public func replay(_ index: Int) -> String {
        "replay the run: PREDICATE_SEED=\(seed); this case alone: PREDICATE_SEED=\(caseSeed(index)) PREDICATE_CASES=1"
    }

    /// A seed written in decimal or `0x` hexadecimal.
    public static func parse(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
        return UInt64(trimmed)
    }
}
