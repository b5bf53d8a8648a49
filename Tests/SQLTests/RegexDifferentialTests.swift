import Evaluation
import Foundation
import PostgresDatabase
import Predicates
import TestSupport
import Testing

/// MATCHES on PostgreSQL answers as memory does: random ICU patterns (``RandomRegex``) under
/// random options, over strings made to match them and strings changed a little, in memory
/// (the engine's ICU regular expressions) and on the throwaway server (the translation, through
/// the PostgreSQL dialect). Every pattern inside the translated subset is lowered and agrees on
/// every string; every pattern with a construct outside it is refused, naming it; an invalid
/// pattern is reported as such. `PREDICATE_SEED`/`PREDICATE_CASES` replay and resize a run.
///
/// Strings whose fold memory's MATCHES sees uncomposed (`ǰ` under `[c]`: PostgreSQL's
/// `pe_fold` gives NFC) are the known difference of Docs/sql-mapping.md: they are skipped and
/// counted.
@Suite(
    "MATCHES on PostgreSQL: differential against memory",
    .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
struct RegexDifferentialTests {
    struct Counts {
        var patterns = 0
        var compared = 0
        var refused = 0
        var invalid = 0
        var skipped = 0
    }

    static let options = ["", "", "c", "d", "cd", "n"]

    @Test("random patterns: 0 mismatches, every pattern outside the subset refused")
    func randomPatterns() throws {
        let run = PropertyRun("RegexDifferentialTests", defaultCases: 80)
        let db = try PostgresTestServer.shared.get().makeDatabase()
        try db.execute("CREATE TABLE lines (id integer PRIMARY KEY, s text)")
        var counts = Counts()
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            let patterns = (0..<8).map { _ in RandomRegex.make(&random, outside: random.chance(1, in: 6)) }
            var subjects: [String] = [""]
            for pattern in patterns { for _ in 0..<3 { subjects.append(pattern.subject(&random)) } }
            try db.execute("TRUNCATE lines")
            let values = subjects.indices.map { "($\(2 * $0 + 1), $\(2 * $0 + 2))" }.joined(separator: ", ")
            _ = try db.run(
                SQLStatement(
                    sql: "INSERT INTO lines VALUES " + values,
                    bindings: subjects.enumerated().flatMap { [SQLValue.integer(Int64($0.offset)), .text($0.element)] })
            )
            for pattern in patterns {
                let code = random.pick(Self.options)
                guard
                    let problem = try Self.check(pattern, code, subjects, db, &counts),
                    !problem.isEmpty
                else { continue }
                var scratch = Counts()
                let smallest = Shrinker.shrink(
                    pattern, candidates: \.smaller,
                    fails: { candidate in (try? Self.check(candidate, code, subjects, db, &scratch)) ?? nil != nil })
                Issue.record(
                    """
                    \(problem)
                    pattern: \(Self.shown(pattern.text)) options: [\(code)]
                    pattern (shrunk): \(Self.shown(smallest.text))
                    \(run.replay(index))
                    """)
                return
            }
        }
        print(
            "RegexDifferentialTests: \(counts.patterns) patterns, \(counts.compared) strings compared, "
                + "\(counts.refused) patterns refused (a construct outside the subset), \(counts.invalid) invalid after folding, "
                + "\(counts.skipped) strings skipped (a fold memory sees uncomposed)")
        #expect(counts.compared > run.cases * 100 || run.cases < 50)
    }

    /// Compares one pattern on every subject; a description of the first problem, if any.
    static func check(
        _ pattern: RandomRegex, _ code: String, _ subjects: [String], _ db: PostgresConnection, _ counts: inout Counts
    ) throws -> String? {
        counts.patterns += 1
        let text = pattern.text
        let match = SQLRegexMatch(
            subject: .column(alias: "t0", name: "s"), pattern: .constant(text),
            options: options(code), range: nil)
        let condition = SQLExpression.regexMatch(match)
        var memory: Set<Int> = []
        do {
            for (index, subject) in subjects.enumerated() where try SQLHelperFunctions.matches(subject, text, code) {
                memory.insert(index)
            }
        } catch {
            guard error.id == "invalid-pattern" else { return nil }  // regex-limit: memory gave up
            counts.invalid += 1
            do {
                _ = try PostgreSQLDialect().render(condition)
                return "memory refuses the pattern (\(error.message)) but the translation does not"
            } catch {
                return error.id == "sql-invalid-pattern" ? nil : "an invalid pattern refused as \(error)"
            }
        }
        var statement: SQLStatement
        do {
            statement = try PostgreSQLDialect().render(condition)
            statement.sql = #"SELECT "t0"."id" FROM "lines" AS "t0" WHERE "# + statement.sql
        } catch {
            counts.refused += 1
            if pattern.isOutside || rewritten(text, code) { return nil }
            return "a pattern inside the subset was refused: \(error)"
        }
        if pattern.isOutside && !rewritten(text, code) {
            return "a pattern outside the subset was lowered: \(statement)"
        }
        let rows = try db.rows(statement)
        let database = Set(
            rows.compactMap { row -> Int? in if case .integer(let id)? = row.first { Int(id) } else { nil } })
        for (index, subject) in subjects.enumerated() {
            let seen = SQLHelperFunctions.matchesSubject(subject, code)
            // Scalars, not `String`'s canonical equivalence.
            if !seen.unicodeScalars.elementsEqual(SQLHelperFunctions.canonicalComposition(seen).unicodeScalars) {
                counts.skipped += 1
                continue
            }
            counts.compared += 1
            guard memory.contains(index) != database.contains(index) else { continue }
            return """
                subject \(shown(subject)): memory \(memory.contains(index)), PostgreSQL \(database.contains(index))
                translation: \(statement)
                """
        }
        return nil
    }

    /// Whether memory compiles other text than `pattern`: folded (`\D` is `\d` under `[c]`) or
    /// normalised (`\E` and a combining accent become `\É`, leaving a `\Q` unterminated), so
    /// that a construct may leave or join the translated subset.
    static func rewritten(_ pattern: String, _ code: String) -> Bool {
        if code.contains("n") { return false }
        if code.contains("c") || code.contains("d") { return true }
        return !pattern.precomposedStringWithCompatibilityMapping.unicodeScalars.elementsEqual(pattern.unicodeScalars)
    }

    static func options(_ code: String) -> ComparisonOptions {
        var options: ComparisonOptions = []
        for (letter, option) in ComparisonOptions.letters where code.contains(letter) { options.insert(option) }
        return options
    }

    /// Text with its control and non-ASCII characters escaped.
    static func shown(_ text: String) -> String {
        "\""
            + text.unicodeScalars.map {
                $0.isASCII && $0.value >= 0x20 ? String($0) : "\\u{\(String($0.value, radix: 16))}"
            }
            .joined() + "\""
    }
}
