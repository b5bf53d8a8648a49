import Evaluation
import Foundation
import PostgresDatabase
import Predicates
import TestSupport
import Testing

@Suite("nullable scratch") struct NullableScratchTests {
    static func tree(_ r: inout SplitMix64, _ depth: Int) -> RandomRegex {
        if depth > 2 || r.chance(1, in: 3) { return .character(r.pick(["a", "b"]), "a") }
        switch r.below(4) {
        case 0: return .sequence((0..<r.int(in: 1...3)).map { _ in tree(&r, depth + 1) })
        case 1: return .group(opening: "(?:", .alternation([tree(&r, depth + 1), r.chance(1, in: 2) ? .sequence([]) : tree(&r, depth + 1)]))
        default:
            var inner = tree(&r, depth + 1)
            switch inner { case .character: break; default: inner = .group(opening: "(?:", inner) }
            let (lo, hi): (Int, Int?) = r.pick([(0, nil), (1, nil), (0, 1), (2, nil), (0, 2), (1, 3)])
            return .repetition(inner, minimum: lo, maximum: hi, lazy: r.chance(1, in: 2))
        }
    }
    @Test func nullable() throws {
        let db = try PostgresTestServer.shared.get().makeDatabase()
        try db.execute("CREATE TABLE lines (id integer PRIMARY KEY, s text)")
        var r = SplitMix64(seed: 42)
        var subjects: [String] = []
        for n in 0...5 { for _ in 0..<6 { subjects.append(String((0..<n).map { _ in r.pick(["a", "b"]) })) } }
        let values = subjects.indices.map { "($\(2 * $0 + 1), $\(2 * $0 + 2))" }.joined(separator: ", ")
        _ = try db.run(SQLStatement(sql: "INSERT INTO lines VALUES " + values, bindings: subjects.enumerated().flatMap { [SQLValue.integer(Int64($0.offset)), .text($0.element)] }))
        var counts = RegexDifferentialTests.Counts()
        var bad = 0
        for _ in 0..<8000 {
            let p = Self.tree(&r, 0)
            if let problem = try RegexDifferentialTests.check(p, "", subjects, db, &counts) {
                bad += 1
                if problem.contains("memory") { print("BAD \(p.text) :: \(problem.prefix(80))") }
            }
        }
        print("NULLABLE bad \(bad) of \(counts.patterns)")
    }
}
