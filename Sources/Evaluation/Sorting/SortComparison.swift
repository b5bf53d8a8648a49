import Foundation
import Predicates

/// How strings compare when sorting (an `NSSortDescriptor`'s selector).
///
/// | mode | order | Apple |
/// |---|---|---|
/// | ``plain`` | Unicode order with canonical equivalence: `"B" < "a"` | `compare:` |
/// | ``caseInsensitive`` | case folded first: `"a" < "B"` | `caseInsensitiveCompare:` |
/// | ``diacriticInsensitive`` | diacritics removed first: `"é"` next to `"e"` | `compare:options:` with `.diacriticInsensitive` |
/// | ``caseDiacriticInsensitive`` | both | `compare:options:` with both |
/// | ``localizedStandard`` | like Finder: case and diacritics folded, digit runs by value (`"file2" < "file10"`) | `localizedStandardCompare:` |
///
/// Strings that compare equal under a folding mode are then ordered plainly, so every mode
/// is a total order and a sort is repeatable. No locale collation is applied.
public enum StringSortMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Unicode order.
    case plain
    /// Case-insensitive.
    case caseInsensitive
    /// Diacritic-insensitive.
    case diacriticInsensitive
    /// Case- and diacritic-insensitive.
    case caseDiacriticInsensitive
    /// Finder-like: folded, with numbers inside strings compared by value.
    case localizedStandard

    /// The comparison options of the folding modes.
    var options: ComparisonOptions {
        switch self {
        case .plain: []
        case .caseInsensitive: .caseInsensitive
        case .diacriticInsensitive: .diacriticInsensitive
        case .caseDiacriticInsensitive, .localizedStandard: [.caseInsensitive, .diacriticInsensitive]
        }
    }
}

/// The total order used to sort evaluated values (live results' sort keys).
///
/// `nil` sorts first (as `NSSortDescriptor` does ascending), then Booleans and numbers by value,
/// strings (by ``StringSortMode``), dates, then other kinds by kind. Values of kinds that
/// predicates cannot order against each other are still ordered, by kind, so that sorting
/// never fails.
package enum SortComparison {
    /// Three-way comparison of two values.
    package static func compare(_ lhs: EvaluationValue, _ rhs: EvaluationValue, mode: StringSortMode)
        -> ComparisonResult
    {
        let (a, b) = (rank(lhs), rank(rhs))
        if a != b { return a < b ? .orderedAscending : .orderedDescending }
        switch (lhs, rhs) {
        case (.string(let x), .string(let y)):
            return compareStrings(x, y, mode: mode)
        case (.date(let x), .date(let y)):
            return x == y ? .orderedSame : (x < y ? .orderedAscending : .orderedDescending)
        default:
            if let x = NumericValue(lhs), let y = NumericValue(rhs) {
                // NaN sorts after every number.
                return x.compare(to: y)
                    ?? (x.doubleValue.isNaN
                        ? (y.doubleValue.isNaN ? .orderedSame : .orderedDescending) : .orderedAscending)
            }
            let (x, y) = (String(describing: lhs), String(describing: rhs))
            return x == y ? .orderedSame : (x < y ? .orderedAscending : .orderedDescending)
        }
    }

    /// The order of kinds: nil, numbers (Booleans included), strings, dates, everything else.
    private static func rank(_ value: EvaluationValue) -> Int {
        switch value {
        case .null: 0
        case .bool, .int, .double: 1
        case .string: 2
        case .date: 3
        case .data: 4
        case .uuid: 5
        case .array, .set: 6
        case .dictionary: 7
        case .object: 8
        case .reference: 9
        }
    }

    /// Strings under `mode`, ties broken plainly.
    package static func compareStrings(_ a: String, _ b: String, mode: StringSortMode) -> ComparisonResult {
        let folded: ComparisonResult
        switch mode {
        case .plain:
            return StringComparison.compare(a, b, [])
        case .caseInsensitive, .diacriticInsensitive, .caseDiacriticInsensitive:
            folded = StringComparison.compare(a, b, mode.options)
        case .localizedStandard:
            folded = numericAware(
                StringFolding.fold(a, StringMatchMode(mode.options)),
                StringFolding.fold(b, StringMatchMode(mode.options)))
        }
        return folded == .orderedSame ? StringComparison.compare(a, b, []) : folded
    }

    /// Compares runs of ASCII digits by value (then by length, so `"01"` follows `"1"`) and
    /// everything else in Unicode order.
    private static func numericAware(_ a: String, _ b: String) -> ComparisonResult {
        var x = Substring(a)
        var y = Substring(b)
        while !x.isEmpty, !y.isEmpty {
            let xDigits = x.prefix { $0.isASCII && $0.isNumber }
            let yDigits = y.prefix { $0.isASCII && $0.isNumber }
            if !xDigits.isEmpty, !yDigits.isEmpty {
                let xValue = xDigits.drop { $0 == "0" }
                let yValue = yDigits.drop { $0 == "0" }
                if xValue.count != yValue.count {
                    return xValue.count < yValue.count ? .orderedAscending : .orderedDescending
                }
                if xValue != yValue { return xValue < yValue ? .orderedAscending : .orderedDescending }
                if xDigits.count != yDigits.count {
                    return xDigits.count < yDigits.count ? .orderedAscending : .orderedDescending
                }
                x = x.dropFirst(xDigits.count)
                y = y.dropFirst(yDigits.count)
                continue
            }
            let xText = x.prefix { !($0.isASCII && $0.isNumber) }
            let yText = y.prefix { !($0.isASCII && $0.isNumber) }
            let common = min(xText.count, yText.count)
            let (xPart, yPart) = (xText.prefix(max(common, 1)), yText.prefix(max(common, 1)))
            if xPart != yPart { return xPart < yPart ? .orderedAscending : .orderedDescending }
            x = x.dropFirst(xPart.count)
            y = y.dropFirst(yPart.count)
        }
        if x.isEmpty && y.isEmpty { return .orderedSame }
        return x.isEmpty ? .orderedAscending : .orderedDescending
    }
}
