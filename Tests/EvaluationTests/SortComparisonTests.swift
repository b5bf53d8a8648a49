import Foundation
import Testing

@testable import Evaluation

@Suite("Sort order of values and string sort modes")
struct SortComparisonTests {
    static func sorted(_ strings: [String], _ mode: StringSortMode) -> [String] {
        strings.sorted { SortComparison.compareStrings($0, $1, mode: mode) == .orderedAscending }
    }

    @Test(
        "string modes, as NSSortDescriptor's selectors order",
        arguments: [
            (StringSortMode.plain, ["b", "B", "a", "é", "e"], ["B", "a", "b", "e", "é"]),
            (.caseInsensitive, ["b", "B", "a"], ["a", "B", "b"]),
            (.diacriticInsensitive, ["f", "é", "e", "E"], ["E", "e", "é", "f"]),
            (.caseDiacriticInsensitive, ["F", "é", "E", "d"], ["d", "E", "é", "F"]),
            (.localizedStandard, ["file10", "file2", "File1", "file01"], ["File1", "file01", "file2", "file10"]),
            (.localizedStandard, ["b", "10", "a", "9"], ["9", "10", "a", "b"]),
        ])
    func strings(mode: StringSortMode, input: [String], expected: [String]) {
        #expect(Self.sorted(input, mode) == expected)
    }

    @Test("kinds: nil first, then numbers and Booleans by value, strings, dates")
    func kinds() {
        let date = Date(timeIntervalSinceReferenceDate: 0)
        let values: [EvaluationValue] = [.date(date), .string("a"), .double(1.5), .null, .int(2), .bool(true)]
        let sorted = values.sorted { SortComparison.compare($0, $1, mode: .plain) == .orderedAscending }
        #expect(sorted == [.null, .bool(true), .double(1.5), .int(2), .string("a"), .date(date)])
        #expect(SortComparison.compare(.double(.nan), .int(1), mode: .plain) == .orderedDescending)
        #expect(SortComparison.compare(.int(1), .double(1), mode: .plain) == .orderedSame)
    }
}
