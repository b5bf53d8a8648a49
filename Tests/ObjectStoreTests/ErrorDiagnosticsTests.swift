import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// The errors of ObjectStore as diagnostics: the catalogue id, the severity, the range and the
/// "did you mean" fix-it, written by hand.
@Suite("ObjectStore errors as diagnostics")
struct ObjectStoreErrorDiagnosticsTests {
    typealias F = ChangeFixtures

    @Test func aGraphFileNamingAnUnknownEntityIsGraphUnknownEntity() throws {
        let error = #expect(throws: GraphErrors.self) { try F.graph(json: #"{"Contnet": [{"id": 1}]}"#) }
        #expect(error?.diagnostics.map(\.id) == [.graphUnknownEntity])
        #expect(error?.diagnostics.map(\.range) == [nil])
        #expect(error?.diagnostics.first?.message.hasSuffix("did you mean 'Content'?") == true)
    }

    @Test func anUnresolvedKeyPathCarriesItsSuggestionAsAFixIt() throws {
        let error = #expect(throws: DependencyError.self) {
            try QueryDependencies(
                schema: try F.schema(), rootEntity: "Content", predicate: nil, displayKeyPaths: ["bucket.nmae"])
        }
        #expect(
            error?.diagnostics == [
                Diagnostic(
                    id: .dependencyUnresolvedKeyPath, message: "'bucket.nmae': 'Bucket' has no property 'nmae'",
                    range: nil, fixIts: [FixIt(replacing: nil, with: "name")])
            ])
        #expect(error?.description == "'bucket.nmae': 'Bucket' has no property 'nmae'; did you mean 'name'?")
    }

    @Test func aPredicateThatDoesNotCheckGivesTheChecksDiagnostics() throws {
        let format = "bucket.nmae == 'x'"
        let error = #expect(throws: DependencyError.self) {
            try QueryDependencies(
                schema: try F.schema(), rootEntity: "Content",
                predicate: try PredicateParser().parsePredicate(format), source: format)
        }
        #expect(error?.diagnostics.map(\.id) == [.unknownKey])
        #expect(error?.diagnostics.map(\.range) == [SourceRange(7, 11)])
        #expect(error?.diagnostics.first?.fixIts == [FixIt(replacing: SourceRange(7, 11), with: "name")])
        #expect(
            error?.rendered(in: format)
                == "1:8: error: 'Bucket' has no property 'nmae'\nbucket.nmae == 'x'\n       ^^^^\nnote: did you mean 'name'?"
        )
    }

    @Test func liveResultsForAnUnknownEntityHaveOneLiveResultsDiagnostic() throws {
        let error = #expect(throws: LiveResultsError.self) {
            try LiveResultSet(request: FetchRequest(entity: "Contnet"), graph: try F.graph())
        }
        #expect(
            error?.diagnostics == [
                Diagnostic(id: .liveResults, message: "no entity named 'Contnet'; did you mean 'Content'?", range: nil)
            ])
    }

    @Test func changeLogAndDatabaseStoreErrorsHaveTheirCatalogueIDs() {
        let pruned = ChangeLogError.pruned(after: 3, firstKept: 10)
        #expect(
            pruned.diagnostics == [
                Diagnostic(
                    id: .changeLogPruned,
                    message: "the change log was pruned: the entries after 3 were asked, but the oldest kept is 10; "
                        + "refetch in full", range: nil)
            ])
        #expect(ChangeLogError.missing.diagnostics.map(\.id) == [.changeLogMissing])
        #expect(
            ChangeLogError.unreadableEntry(sequence: 4, reason: "not JSON").diagnostics.map(\.id) == [
                .changeLogUnreadableEntry
            ])
        let store = DatabaseStoreError.unreadableObjects(reason: "Content 1 has two buckets")
        #expect(store.diagnostics.map(\.id) == [.databaseStoreUnreadableObjects])
        #expect(store.diagnostics.map(\.severity) == [.error])
        #expect(DiagnosticID.catalogue.contains(.changeLogPruned))
    }
}
