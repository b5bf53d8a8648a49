/// A set of Unicode code points, as sorted, disjoint, non-adjacent ranges: what one bracket
/// expression or class escape of a regular expression matches (one code point of the set).
///
/// ```swift
/// CodePointSet(ranges: [0x61...0x63, 0x62...0x7A])   // [a-z]: one range 0x61...0x7A
/// CodePointSet(ranges: [0x30...0x39]).complement      // [^0-9]: 0...0x2F, 0x3A...0x10FFFF
/// ```
struct CodePointSet: Sendable, Hashable {
    /// The largest code point.
    static let maximum: UInt32 = 0x10_FFFF

    /// Sorted, disjoint and non-adjacent.
    private(set) var ranges: [ClosedRange<UInt32>]

    /// The union of `ranges` (in any order, overlapping or not), clamped to code points.
    init(ranges: [ClosedRange<UInt32>]) {
        var merged: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            guard range.lowerBound <= Self.maximum else { continue }
            let clamped = range.lowerBound...Swift.min(range.upperBound, Self.maximum)
            if let last = merged.last, clamped.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...Swift.max(last.upperBound, clamped.upperBound)
            } else {
                merged.append(clamped)
            }
        }
        self.ranges = merged
    }

    /// The set of one code point.
    init(_ scalar: Unicode.Scalar) {
        ranges = [scalar.value...scalar.value]
    }

    /// The empty set.
    static let empty = CodePointSet(ranges: [])

    /// Whether the set holds no code point.
    var isEmpty: Bool { ranges.isEmpty }

    /// Whether `value` is in the set.
    func contains(_ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value {
                low = middle + 1
            } else if ranges[middle].lowerBound > value {
                high = middle
            } else {
                return true
            }
        }
        return false
    }

    /// The code points in either set.
    func union(_ other: CodePointSet) -> CodePointSet {
        CodePointSet(ranges: ranges + other.ranges)
    }

    /// The code points in `self` but not in `other`.
    func subtracting(_ other: CodePointSet) -> CodePointSet {
        intersection(other.complement)
    }

    /// The code points in both sets.
    func intersection(_ other: CodePointSet) -> CodePointSet {
        var result: [ClosedRange<UInt32>] = []
        var i = 0
        var j = 0
        while i < ranges.count, j < other.ranges.count {
            let a = ranges[i]
            let b = other.ranges[j]
            let low = Swift.max(a.lowerBound, b.lowerBound)
            let high = Swift.min(a.upperBound, b.upperBound)
            if low <= high { result.append(low...high) }
            if a.upperBound < b.upperBound { i += 1 } else { j += 1 }
        }
        return CodePointSet(ranges: result)
    }

    /// Every code point (0 to U+10FFFF) not in the set.
    var complement: CodePointSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound &+ 1
        }
        if ranges.last?.upperBound != Self.maximum, next <= Self.maximum { result.append(next...Self.maximum) }
        return CodePointSet(ranges: result)
    }

    /// The surrogate code points, which are never characters of a string.
    static let surrogates = CodePointSet(ranges: [0xD800...0xDFFF])
}
