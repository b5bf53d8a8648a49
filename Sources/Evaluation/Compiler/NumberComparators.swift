import Predicates

/// The number operators batch evaluation and column scans test inline.
package enum NumberOperator: Sendable {
    case less, lessOrEqual, greater, greaterOrEqual, equal, notEqual, between

    package init?(_ op: ComparisonOperator) {
        switch op {
        case .lessThan: self = .less
        case .lessThanOrEqualTo: self = .lessOrEqual
        case .greaterThan: self = .greater
        case .greaterThanOrEqualTo: self = .greaterOrEqual
        case .equalTo: self = .equal
        case .notEqualTo: self = .notEqual
        case .between: self = .between
        default: return nil
        }
    }
}

/// A number operator as a type, so that each scan loop is specialised and compares inline.
package protocol NumberComparator {
    /// `value op low` (`high` is the upper bound of BETWEEN and equals `low` otherwise).
    static func test<Number: Comparable>(_ value: Number, _ low: Number, _ high: Number) -> Bool
}

package enum Less: NumberComparator {
    @inlinable @inline(__always) package static func test<N: Comparable>(_ value: N, _ low: N, _: N) -> Bool {
        value < low
    }
}
package enum LessOrEqual: NumberComparator {
    @inlinable @inline(__always) package static func test<N: Comparable>(_ value: N, _ low: N, _: N) -> Bool {
        value <= low
    }
}
package enum Greater: NumberComparator {
    @inlinable @inline(__always) package static func test<N: Comparable>(_ value: N, _ low: N, _: N) -> Bool {
        value > low
    }
}
package enum GreaterOrEqual: NumberComparator {
    @inlinable @inline(__always) package static func test<N: Comparable>(_ value: N, _ low: N, _: N) -> Bool {
        value >= low
    }
}
package enum Equal: NumberComparator {
    @inlinable @inline(__always) package static func test<N: Comparable>(_ value: N, _ low: N, _: N) -> Bool {
        value == low
    }
}
package enum NotEqual: NumberComparator {
    @inlinable @inline(__always) package static func test<N: Comparable>(_ value: N, _ low: N, _: N) -> Bool {
        value != low
    }
}
package enum Between: NumberComparator {
    @inlinable @inline(__always) package static func test<N: Comparable>(_ value: N, _ low: N, _ high: N) -> Bool {
        low <= value && value <= high
    }
}

extension NumberOperator {
    /// The operator on two numbers of one type (the memo path, one call per destination row).
    @inlinable @inline(__always)
    package func test<Number: Comparable>(_ value: Number, _ low: Number, _ high: Number) -> Bool {
        switch self {
        case .less: value < low
        case .lessOrEqual: value <= low
        case .greater: value > low
        case .greaterOrEqual: value >= low
        case .equal: value == low
        case .notEqual: value != low
        case .between: low <= value && value <= high
        }
    }
}
