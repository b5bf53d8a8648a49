import Evaluation
import Foundation
import KeyPaths
import Predicates
import Testing

/// The errors of Evaluation as diagnostics: the catalogue id, the severity and the range,
/// written by hand.
@Suite("Evaluation errors as diagnostics")
struct EvaluationErrorDiagnosticsTests {
    @Test func aCompileErrorPointsAtTheNodeItRefuses() throws {
        let format = "name == 'a' OR ANYKEY == 1"
        let predicate = try PredicateParser().parsePredicate(format)
        let error = #expect(throws: PredicateCompileError.self) {
            try PredicateCompiler().compile(predicate, for: PredicateValue.self)
        }
        #expect(error?.diagnostics.map(\.id) == [.unsupported])
        #expect(error?.diagnostics.map(\.range) == [SourceRange(15, 21)])
        #expect(error?.diagnostics.map(\.severity) == [.error])
    }

    @Test func anEvaluationErrorHasNoRange() throws {
        let compiled = try PredicateCompiler().compile(
            try PredicateParser().parsePredicate("name < 5"), for: PredicateValue.self)
        let error = #expect(throws: EvaluationError.self) { try compiled.evaluate(.dictionary(["name": "x"])) }
        #expect(error?.diagnostics.map(\.id) == [.notComparable])
        #expect(error?.diagnostics.map(\.range) == [nil])
    }

    @Test func aLoweringRefusalPointsAtTheConstruct() throws {
        let format = "ANYKEY == 'x'"
        let error = #expect(throws: SQLLoweringError.self) { try LoweringGoldenTests.statement(format) }
        #expect(error?.diagnostics.map(\.id) == [.sqlUnsupported])
        #expect(error?.diagnostics.map(\.range) == [SourceRange(0, 6)])
        #expect(error?.rendered(in: format).hasPrefix("1:1: error: ") == true)
        #expect(error?.rendered(in: format).contains("\nANYKEY == 'x'\n^^^^^^") == true)
    }

    @Test func aJSONErrorKeepsItsKind() {
        let error = #expect(throws: JSONValueError.self) { try PredicateValue(json: #"{"a": 1, "a": 2}"#) }
        #expect(error?.diagnostics.map(\.id) == [.jsonDuplicateKey])
        #expect(error?.diagnostics.map(\.range) == [nil])
    }
}
