import Evaluation
import Foundation
import Predicates
import Testing

/// A query's window (offset, limit) over its sorted rows: any size from 0 to `Int.max`, never an
/// overflow; negative values refused. Every back end reads windows through ``ResultWindow``.
@Suite("Result windows")
struct ResultWindowTests {
    @Test(
        "the rows shown out of six",
        arguments: [
            (0, nil, 0..<6),
            (1, 2, 1..<3),
            (4, 9, 4..<6),
            (6, 1, 6..<6),
            (9, 1, 6..<6),
            (0, 0, 0..<0),
            (1, Int.max, 1..<6),
            (Int.max, Int.max, 6..<6),
            (Int.max - 1, 1, 6..<6),
            (5, Int.max - 1, 5..<6),
            (Int.max, nil, 6..<6),
        ] as [(Int, Int?, Range<Int>)])
    func range(offset: Int, limit: Int?, expected: Range<Int>) {
        let window = ResultWindow(offset: offset, limit: limit)
        #expect(window.range(in: 6) == expected)
        #expect(window.problem == nil)
    }

    @Test("an empty list shows nothing, whatever the window")
    func empty() {
        for offset in [0, 1, Int.max] {
            for limit in [nil, 0, 1, Int.max] as [Int?] {
                #expect(ResultWindow(offset: offset, limit: limit).range(in: 0) == 0..<0)
            }
        }
    }

    @Test("a negative offset or limit is a problem (and shows nothing past the list's edges)")
    func negative() {
        #expect(ResultWindow(offset: -1).problem == "the offset must be 0 or more, not -1")
        #expect(ResultWindow(limit: -2).problem == "the limit must be 0 or more, not -2")
        #expect(ResultWindow(offset: Int.min, limit: Int.min).problem == "the offset must be 0 or more, not \(Int.min)")
        #expect(ResultWindow(offset: -1).range(in: 3) == 0..<3)
        #expect(ResultWindow(offset: Int.min, limit: Int.min).range(in: 3) == 0..<0)
    }

    @Test("the lowering binds the largest window as it is and refuses a negative one")
    func lowering() throws {
        let statement = try LoweringGoldenTests.statement("TRUEPREDICATE", limit: Int.max, offset: 1)
        #expect(statement.sql == LoweringGoldenTests.select + LoweringGoldenTests.order + " LIMIT ? OFFSET ?")
        #expect(statement.bindings == [.integer(Int64.max), .integer(1)])
        for (limit, offset) in [(-1, nil), (nil, -1), (1, Int.min)] as [(Int?, Int?)] {
            let error = #expect(throws: SQLLoweringError.self) {
                try LoweringGoldenTests.statement("TRUEPREDICATE", limit: limit, offset: offset)
            }
            #expect(error?.id == "sql-window")
        }
    }
}
