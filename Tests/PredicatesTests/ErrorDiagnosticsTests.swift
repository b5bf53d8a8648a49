import Testing

@testable import Predicates

/// The errors of Predicates as diagnostics: the catalogue id, the severity, the ranges of the
/// diagnostic and its notes, and the "did you mean" fix-it, written by hand.
@Suite("Predicates errors as diagnostics")
struct PredicatesErrorDiagnosticsTests {
    @Test func anUnknownOperatorSuggestsTheKeywordAsAFixItOfTheWord() {
        let error = #expect(throws: PredicateSyntaxError.self) { try PredicateParser().parsePredicate("a LIKES 'x'") }
        #expect(
            error?.diagnostics == [
                Diagnostic(
                    id: .unknownOperator, message: "unknown operator 'LIKES'", range: SourceRange(2, 7),
                    fixIts: [FixIt(replacing: SourceRange(2, 7), with: "LIKE")])
            ])
        #expect(error?.diagnosticSource == "a LIKES 'x'")
    }

    @Test func anUnclosedParenthesisHasANoteAtTheOpeningOne() {
        let error = #expect(throws: PredicateSyntaxError.self) { try PredicateParser().parsePredicate("a == (1 + 2") }
        #expect(error?.diagnostic.id == .unbalancedParenthesis)
        #expect(error?.diagnostic.range == SourceRange(11, 11))
        #expect(error?.diagnostic.notes == [DiagnosticNote("the '(' opened here", range: SourceRange(5, 6))])
        #expect(error?.diagnostic.fixIts == [])
    }

    @Test func surplusArgumentsAreAWarning() {
        let warning = PredicateParser().surplusArgumentsWarning(format: "a == %@", arguments: [1, 2])
        #expect(warning?.id == .surplusArguments)
        #expect(warning?.severity == .warning)
    }

    @Test func aCheckErrorCarriesTheFixItOfTheKeyAndItsSource() throws {
        let format = "bucket.nmae == 'x'"
        let predicate = try PredicateParser().parsePredicate(format)
        let error = #expect(throws: SchemaCheckError.self) {
            try CheckedPredicate(predicate, schema: try CheckingSample.schema(), entity: "Content", source: format)
        }
        #expect(
            error?.diagnostics == [
                Diagnostic(
                    id: .unknownKey, message: "'Bucket' has no property 'nmae'", range: SourceRange(7, 11),
                    fixIts: [FixIt(replacing: SourceRange(7, 11), with: "name")])
            ])
        #expect(error?.diagnosticSource == format)
    }

    @Test func everyIdOfTheParserAndTheCheckIsCatalogued() {
        let ids = DiagnosticCatalog.identifiers + DiagnosticCatalog.warningIdentifiers + SchemaCheckCatalog.identifiers
        #expect(ids.filter { !$0.isCatalogued } == [])
    }
}
