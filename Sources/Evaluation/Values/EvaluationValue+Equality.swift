import Foundation

/// Apple's `isEqual:` as `Equatable`/`Hashable`, so that `IN {…}` and sets can use hashing.
///
/// - Numbers (`int`, `double`, `bool`) are equal when their values are equal, compared
///   exactly (`Int.max` is not equal to the nearest `Double`): `TRUE == 1`, `1 == 1.0`.
///   NaN equals NaN (so equality is reflexive, as `isEqual:` is for one object, and
///   hashing works); ordering a NaN gives false for every operator.
/// - Strings are equal when their UTF-8 bytes are (literal comparison, no normalisation).
/// - Arrays compare element-wise in order, sets as sets, dictionaries key by key; a set never
///   equals an array.
/// - Dates, data and UUIDs compare by value; objects through
///   ``KeyValueReadable/isPredicateEqual(to:)``; an object and a reference through
///   ``KeyValueReadable/isPredicateReferenced(by:)`` (a graph object equals a reference to its
///   key and any entity of its hierarchy); two references when entity and key are equal.
/// - `null` equals only `null`. Values of different kinds are unequal.
extension EvaluationValue: Hashable {
    public static func == (lhs: EvaluationValue, rhs: EvaluationValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.string(let a), .string(let b)): return StringComparison.literalEquals(a, b)
        case (.int(let a), .int(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b || (a.isNaN && b.isNaN)
        case (.date(let a), .date(let b)): return a == b
        case (.data(let a), .data(let b)): return a == b
        case (.uuid(let a), .uuid(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.set(let a), .set(let b)): return a == b
        case (.dictionary(let a), .dictionary(let b)): return a == b
        case (.object(let a), .object(let b)): return a.isEqual(to: b)
        case (.reference(let a), .reference(let b)): return a == b
        case (.object(let object), .reference(let reference)), (.reference(let reference), .object(let object)):
            return object.isReferenced(by: reference)
        default:
            guard let a = NumericValue(lhs), let b = NumericValue(rhs) else { return false }
            return a.compare(to: b) == .orderedSame
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let value): hasher.combine(value ? 1 : 0)
        case .int(let value): hasher.combine(value)
        case .double(let value):
            // Must agree with `.int` for integral values: 2.0 hashes like 2.
            if let exact = Int(exactly: value) {
                hasher.combine(exact)
            } else if value.isNaN {
                hasher.combine(UInt64.max)
            } else {
                hasher.combine(value)
            }
        case .string(let value):
            hasher.combine(1 as UInt8)
            hasher.combine(value)
        case .date(let value):
            hasher.combine(2 as UInt8)
            hasher.combine(value)
        case .data(let value):
            hasher.combine(3 as UInt8)
            hasher.combine(value)
        case .uuid(let value):
            hasher.combine(4 as UInt8)
            hasher.combine(value)
        case .array(let values):
            hasher.combine(5 as UInt8)
            hasher.combine(values)
        case .set(let set):
            hasher.combine(6 as UInt8)
            hasher.combine(set)
        case .dictionary(let dictionary):
            hasher.combine(7 as UInt8)
            hasher.combine(dictionary)
        case .object(let object):
            // Object equality is user-defined: an object with an identity hashes like the
            // references that name it (by key), every other object lands in one bucket.
            if let reference = object.reference {
                hasher.combine(9 as UInt8)
                hasher.combine(reference.id)
            } else {
                hasher.combine(8 as UInt8)
            }
        case .reference(let reference):
            hasher.combine(9 as UInt8)
            hasher.combine(reference.id)
        }
    }
}

/// A number taken out of an ``EvaluationValue`` for comparison: `bool` counts as 0 or 1.
enum NumericValue {
    case int(Int)
    case double(Double)

    /// The number in `value`, or `nil` when it is not a number or a Boolean.
    init?(_ value: EvaluationValue) {
        switch value {
        case .int(let int): self = .int(int)
        case .double(let double): self = .double(double)
        case .bool(let bool): self = .int(bool ? 1 : 0)
        default: return nil
        }
    }

    /// Exact three-way comparison; `nil` when a NaN is involved.
    func compare(to other: NumericValue) -> ComparisonResult? {
        switch (self, other) {
        case (.int(let a), .int(let b)):
            return a < b ? .orderedAscending : (a == b ? .orderedSame : .orderedDescending)
        case (.double(let a), .double(let b)):
            if a.isNaN || b.isNaN { return nil }
            return a < b ? .orderedAscending : (a == b ? .orderedSame : .orderedDescending)
        case (.int(let a), .double(let b)):
            return Self.compare(int: a, double: b)
        case (.double(let a), .int(let b)):
            return Self.compare(int: b, double: a).map(Self.reversed)
        }
    }

    /// The value as a `Double` (rounded for integers beyond 2^53).
    var doubleValue: Double {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        }
    }

    private static func reversed(_ result: ComparisonResult) -> ComparisonResult {
        switch result {
        case .orderedAscending: .orderedDescending
        case .orderedDescending: .orderedAscending
        case .orderedSame: .orderedSame
        }
    }

    /// Compares an integer with a double without rounding the integer.
    private static func compare(int: Int, double: Double) -> ComparisonResult? {
        if double.isNaN { return nil }
        // 2^63 is exactly representable; every Int is below it and at or above -2^63.
        if double >= 9_223_372_036_854_775_808.0 { return .orderedAscending }
        if double < -9_223_372_036_854_775_808.0 { return .orderedDescending }
        let whole = double.rounded(.towardZero)
        let wholeInt = Int(whole)
        if int != wholeInt { return int < wholeInt ? .orderedAscending : .orderedDescending }
        let fraction = double - whole
        if fraction == 0 { return .orderedSame }
        return fraction > 0 ? .orderedAscending : .orderedDescending
    }
}
