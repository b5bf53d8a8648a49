import Foundation
import Testing

@testable import Diagnostics

/// The catalogue of ids: well formed, without duplicates, and the same list as the
/// documentation's (Docs/diagnostics.md).
@Suite("DiagnosticID: one catalogue of ids")
struct DiagnosticCatalogueTests {
    @Test func idsAreUniqueAndSpelledInLowerCaseWords() {
        let spellings = DiagnosticID.catalogue.map(\.rawValue)
        #expect(Set(spellings).count == spellings.count)
        for spelling in spellings {
            #expect(spelling.wholeMatch(of: /[a-z]+(-[a-z]+)*/) != nil, "\(spelling)")
        }
        #expect(DiagnosticID.unknownKey.isCatalogued)
        #expect(!DiagnosticID(rawValue: "no-such-id").isCatalogued)
    }

    @Test func theDocumentationListsEveryIdOnce() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/diagnostics.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let catalogue = try #require(text.split(separator: "## The catalogue of ids").last)
        let documented = catalogue.split(separator: "\n").compactMap { line -> String? in
            guard let match = line.firstMatch(of: /^\| `([a-z-]+)` \|/) else { return nil }
            return String(match.1)
        }
        #expect(documented == DiagnosticID.catalogue.map(\.rawValue))
    }

    @Test func anIdEncodesAsItsSpellingAndEqualsItsLiteral() throws {
        let data = try JSONEncoder().encode([DiagnosticID.sqlWindow])
        #expect(String(decoding: data, as: UTF8.self) == #"["sql-window"]"#)
        #expect(try JSONDecoder().decode([DiagnosticID].self, from: data) == [.sqlWindow])
        #expect(DiagnosticID.sqlWindow == "sql-window")
    }
}
