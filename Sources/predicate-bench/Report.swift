import Foundation

/// The Markdown the benchmark prints: the evaluation table, the ratios, the parse row, the
/// change-matching row and the issue's targets.
enum Report {
    // MARK: Numbers

    /// Three significant digits, without exponent: `0.0123`, `1.23`, `12.3`, `123`.
    static func number(_ value: Double) -> String {
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : magnitude >= 0.1 ? 3 : 4
        return String(format: "%.\(decimals)f", value)
    }

    /// `12.3 (11.9–13.0)` in milliseconds.
    static func cell(_ timing: Timing) -> String {
        "\(number(timing.median.milliseconds)) (\(number(timing.min.milliseconds))–\(number(timing.max.milliseconds)))"
    }

    /// `3.20×`.
    static func ratio(_ value: Double?) -> String {
        guard let value else { return "—" }
        return number(value) + "×"
    }

    /// `1,000,000`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    // MARK: Tables

    static func table(_ header: [String], _ rows: [[String]]) -> String {
        var lines = ["| " + header.joined(separator: " | ") + " |"]
        lines.append("|" + header.map { _ in "---" }.joined(separator: "|") + "|")
        for row in rows { lines.append("| " + row.joined(separator: " | ") + " |") }
        return lines.joined(separator: "\n")
    }

    /// Median (min–max) milliseconds of every column of every row.
    static func evaluation(_ results: [RowResult], objects: Int, runs: Int) -> String {
        let columns = Column.allCases.filter { column in
            !Column.filterColumns.contains(column) && results.contains { $0.measured[column] != nil }
        }
        var rows: [[String]] = []
        for result in results {
            var row = [result.row.label]
            for column in columns {
                if let measured = result.measured[column] {
                    row.append(cell(measured.timing))
                } else if column == .foundationPredicate, case .failure = result.row.foundation {
                    row.append("n/a*")
                } else {
                    row.append("—")
                }
            }
            let counts = Set(result.measured.values.map(\.result))
            row.append(counts.count == 1 ? grouped(counts.first ?? 0) : "**differ**")
            rows.append(row)
        }
        let perObject = objects == 1_000_000 ? " (so ms per run = ns per object)" : ""
        var text = """
            ## Evaluation: median ms over \(runs) runs (min–max), \(grouped(objects)) objects\(perObject)

            """
        text += table(["predicate"] + columns.map(\.description) + ["matches"], rows)
        let reasons = results.compactMap { result -> String? in
            guard case .failure(let why) = result.row.foundation else { return nil }
            return "- n/a\\* — #Predicate on \(result.row.label): \(why.reason)."
        }
        if !reasons.isEmpty { text += "\n\n" + reasons.joined(separator: "\n") }
        text += "\n\n" + columnNotes
        for result in results {
            if let counts = result.disagreement {
                let list = counts.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key): \($0.value)" }
                text += "\n\n**Warning**: the columns of \(result.row.label) disagree: \(list.joined(separator: ", "))"
            }
        }
        return text
    }

    /// `Array.filter` with the closure against the compiled predicate's `filter`.
    static func filters(_ results: [RowResult]) -> String {
        let rows = results.map { result -> [String] in
            [
                result.row.label,
                result.measured[.closureFilter].map { cell($0.timing) } ?? "—",
                result.measured[.engineFilter].map { cell($0.timing) } ?? "—",
                ratio(result.ratio(.engineFilter, .closureFilter)),
            ]
        }
        return "## The `filter` APIs (building the array of matches), median ms (min–max)\n\n"
            + table(["predicate", "`people.filter(closure)`", "`compiled.filter(people)`", "engine / closure"], rows)
    }

    /// What each column measures.
    static let columnNotes = """
        Every column counts the matches of one row over the same objects. *closure inlined in loop*: \
        the hand-written test written into the counting loop, which the optimiser inlines. All other \
        columns call their test once per object as an opaque function through one shared loop; Swift \
        copies each `Person` before such a call (a retain and release of its `tags` array), which \
        every one of them pays. *closure (struct)* / *closure (dict)*: the hand-written closure as a \
        closure value (`CONTAINS[cd]`: Foundation's `range(of:options: [.caseInsensitive, \
        .diacriticInsensitive])`; *needle folded once*: a hand-written closure that folds the needle \
        once and compares ASCII names byte by byte). *engine (struct)*: `PredicateCompiler().compile(_:for: \
        Person.self)` through `Person.predicateKeys`; *engine (dict)*: compiled for `[String: Any]`. \
        *reference interpreter (struct)*: `ReferenceInterpreter().evaluate(_:on:)` on each `Person` \
        wrapped once (outside the timing) as `.object(EvaluationObject(person))`, reading keys through \
        its key table by name. *#Predicate (struct)*: `try predicate.evaluate(person)`.
        """

    /// The ratios of medians, all from this run.
    static func ratios(_ results: [RowResult]) -> String {
        let rows = results.map { result -> [String] in
            [
                result.row.label,
                ratio(result.ratio(.engineStruct, .closure)),
                ratio(result.ratio(.engineStruct, .inlinedLoop)),
                ratio(result.ratio(.engineDictionary, .dictionaryClosure)),
                ratio(result.ratio(.foundationPredicate, .engineStruct)),
                ratio(result.foldedClosure.flatMap { _ in result.ratio(.closure, .engineStruct) }),
                ratio(result.ratio(.foldedClosure, .engineStruct)),
                ratio(result.ratio(.interpreter, .engineStruct)),
            ]
        }
        return "## Ratios of medians (same run)\n\n"
            + table(
                [
                    "predicate", "engine-struct / closure", "engine-struct / inlined loop",
                    "engine-dict / dict-closure", "#Predicate / engine-struct",
                    "Foundation [cd] closure / engine-struct", "folded-needle closure / engine-struct",
                    "interpreter / engine-struct",
                ], rows)
    }

    static func parsing(_ measured: Measured, formats: Int) -> String {
        let perSecond = Double(measured.result) / measured.timing.median.seconds
        let row = [
            "\(formats) realistic formats", grouped(measured.result), cell(measured.timing),
            grouped(Int(perSecond.rounded())),
        ]
        return "## Parsing\n\n"
            + table(["set", "predicates per run", "median ms (min–max)", "predicates per second"], [row])
    }

    static func graphEvaluation(_ results: [GraphBenchmark.EvaluationResult], contents: Int, loadSeconds: Double)
        -> String
    {
        let rows = results.map { result in
            [
                "`\(result.format)`", cell(result.closure.timing), cell(result.engine.timing), ratio(result.ratio),
                grouped(result.engine.result),
            ]
        }
        return "## Evaluation on an object graph: \(grouped(contents)) Contents\n\n"
            + table(["predicate", "hand-written closure (ms)", "engine (ms)", "engine / closure", "matches"], rows)
            + "\n\nBoth read the graph's own storage (columns by row) through the same loop, one call per "
            + "object. Graph loaded in \(number(loadSeconds)) s (one change set of inserts, not timed)."
    }

    static func changes(_ result: GraphBenchmark.ChangeResult) -> String {
        let title =
            "\(grouped(result.contents)) Contents in \(grouped(result.buckets)) Buckets, a change set of "
            + "\(result.changedObjects) objects"
        let rows = [
            ["change matcher", cell(result.matcher.timing), grouped(result.matcher.result)],
            ["true refetch (evaluate every root, sort)", cell(result.refetch.timing), grouped(result.refetch.result)],
        ]
        return "## Change matching: \(title)\n\n"
            + table(["method", "median ms (min–max)", "roots"], rows)
            + "\n\nrefetch / matcher: **\(ratio(result.speedUp))**. The query is "
            + "`bucket.name BEGINSWITH 'Bucket 1'` sorted by `creationDate`; the change set renames 10 Buckets, "
            + "moves 45 Contents and re-dates 45 (graph loaded in \(number(result.loadSeconds)) s, not timed)."
    }
}

extension Report {
    static func liveResults(_ result: LiveResultsBenchmark.Result) -> String {
        let rows = [
            ["incremental `apply` (change matcher, re-evaluate, merge, diff)", cell(result.incremental)],
            ["full refetch (filter every root, sort, diff)", cell(result.refetch)],
            ["`LiveResults.apply` (the same, delivered to one observer)", cell(result.shared)],
            ["reading `rows` after the change (an `ObjectID` per row)", cell(result.rowsRead)],
        ]
        return
            "## Live results: \(grouped(result.contents)) Contents in 10,000 Buckets, a change set of 100 updates\n\n"
            + table(["method", "median ms (min–max)"], rows)
            + "\n\nrefetch / incremental: **\(ratio(result.speedUp))**. The list holds \(grouped(result.members)) rows "
            + "(`bucket.name BEGINSWITH 'Bucket 1'` sorted by `creationDate`); the change set renames 25 Buckets "
            + "(13 leave the query, 12 enter it), moves 25 Contents and re-dates 50, changing \(grouped(result.changedRows)) "
            + "rows. Memory held by the live result: \(number(result.bytesPerRoot)) bytes per root of the graph "
            + "(\(number(result.bytesPerRoot * Double(result.contents) / Double(max(1, result.members)))) per row "
            + "of the list; the arrays and sort values it keeps, the graph itself shared). Medians over the rounds "
            + "of the ratios to the incremental `apply` of the same round: `LiveResults.apply` "
            + "\(ratio(result.medianRatio(result.shared))), reading `rows` \(ratio(result.medianRatio(result.rowsRead)))."
    }
}

extension Report {
    static func sql(_ result: SQLBenchmark.Result) -> String {
        let lowering = result.loweringMicroseconds.map { ["`\($0.0)`", number($0.1)] }
        let rows = result.comparisons.map { comparison in
            [
                comparison.database, comparison.label, "`\(comparison.format)`", cell(comparison.lowered.timing),
                cell(comparison.handWritten.timing),
                ratio(
                    comparison.lowered.timing.median.seconds / max(comparison.handWritten.timing.median.seconds, 1e-9)),
                grouped(comparison.lowered.result),
            ]
        }
        return "## SQL\n\nParse, check, lower and render, per predicate (µs):\n\n"
            + table(["predicate", "µs"], lowering)
            + "\n\nOn \(grouped(result.rows)) Content rows (standard mapping, `name` indexed):\n\n"
            + table(
                ["database", "query", "predicate", "lowered ms", "hand-written ms", "lowered / hand", "rows"], rows)
            + "\n\nThe hand-written `CONTAINS[cd]` is `name LIKE '%…%'` (ASCII case folding only), so it is "
            + "not the same query: the row shows the price of exact folding, with no target."
    }
}

extension RowResult {
    /// The folded-needle closure, when this row has one.
    var foldedClosure: Measured? { measured[.foldedClosure] }
}
