import Evaluation
import Foundation
import Testing

/// The ids of ``SQLLoweringError`` are documented where the type is, every one of them: the
/// ids thrown anywhere in the Evaluation module's sources are the ids the documentation of
/// `SQLLoweringError.id` lists, no more and no fewer.
@Suite("SQL: the lowering's error ids")
struct SQLLoweringErrorIDTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // SQL
        .deletingLastPathComponent()  // EvaluationTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Sources/Evaluation")

    /// The `"sql-…"` string literals in the text.
    static func literals(in text: String) -> Set<String> {
        var ids: Set<String> = []
        var rest = text[...]
        while let start = rest.range(of: "\"sql-") {
            let id = rest[rest.index(after: start.lowerBound)...].prefix { $0.isLetter || $0 == "-" }
            if rest[id.endIndex...].first == "\"" { ids.insert(String(id)) }
            rest = rest[id.endIndex...]
        }
        return ids
    }

    @Test("every id the sources throw is in the documentation's table, and every documented id is thrown")
    func documented() throws {
        var thrown: Set<String> = []
        var documentation = ""
        let enumerator = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            thrown.formUnion(Self.literals(in: text))
            if url.lastPathComponent == "SQLLoweringError.swift" { documentation = text }
        }
        // The rows of the table in the documentation of `id`: `/// | `sql-…` | … |`.
        let documented = Set(
            documentation.split(separator: "\n").compactMap { line -> String? in
                let text = line.trimmingCharacters(in: .whitespaces)
                guard text.hasPrefix("/// | `sql-") else { return nil }
                return String(text.dropFirst("/// | `".count).prefix { $0 != "`" })
            })
        #expect(thrown.contains("sql-unsupported"))
        #expect(thrown.count >= 8)
        #expect(thrown.subtracting(documented).isEmpty, "thrown, not documented: \(thrown.subtracting(documented))")
        #expect(documented.subtracting(thrown).isEmpty, "documented, never thrown: \(documented.subtracting(thrown))")
    }

    @Test("a refusal of the renderer carries the documented dialect id")
    func dialectID() throws {
        var select = SQLSelect(columns: [.columnName("id")], from: .init(table: "T"))
        select.order = [.init(expression: .collate(.columnName("name"), .caseInsensitive), descending: false)]
        let error = #expect(throws: SQLLoweringError.self) { try PostgreSQLDialect().render(select) }
        #expect(error?.id == "sql-dialect")
    }
}
