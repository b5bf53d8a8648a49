import Foundation
import Predicates
import Testing

@testable import PredicateCLI

/// The REPL's tables show dates as graph files write them: ISO 8601 in the proleptic Gregorian
/// calendar, with the fraction the date has.
@Suite("REPL tables: date cells")
struct ResultTableDateTests {
    @Test(
        "a date cell is the exact ISO 8601 text, or the seconds tag outside 0000–9999",
        arguments: [
            // Seconds since 2001 counted by hand (see ISO8601DateTextTests in EvaluationTests).
            (728_474_400, "2024-02-01T10:00:00Z"),
            (728_474_400.123, "2024-02-01T10:00:00.123Z"),
            (728_474_400.000001, "2024-02-01T10:00:00.000001Z"),
            (-15_797_030_400, "1500-06-01T00:00:00Z"),
            (-1e12, #"{"$date":-1000000000000.0}"#),
        ])
    func dateCell(_ seconds: Double, _ text: String) {
        #expect(ResultTable.cell(.date(Date(timeIntervalSinceReferenceDate: seconds))) == text)
    }
}
