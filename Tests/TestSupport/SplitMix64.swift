/// SplitMix64 (Steele, Lea, Flood 2014): a tiny deterministic generator for seeded property
/// tests. The same seed gives the same sequence on every platform, so a printed seed replays a
/// run exactly.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's state.
    public private(set) var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (`bound` > 0).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// A uniformly chosen element of a non-empty array.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// True with probability `numerator / denominator`.
    public mutating func chance(_ numerator: UInt64, in denominator: UInt64) -> Bool {
        next() % denominator < numerator
    }

    /// An integer in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
}
