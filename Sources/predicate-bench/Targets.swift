/// Issue 3's targets (and issue 4's row), checked against the ratios of this run.
///
/// | target | check |
/// |---|---|
/// | engine on structs within 3× of the closure on `age > 30`, `IN`, `BETWEEN` | engine-struct / closure ≤ 3 |
/// | ≥ 5× faster than Foundation's `range(of:options:)` closure on `CONTAINS[cd]` | closure / engine-struct ≥ 5 |
/// | ≥ 10× faster than `#Predicate` on every row both express | #Predicate / engine-struct ≥ 10 |
/// | dictionaries within 2× of the dictionary closure | engine-dict / dict-closure ≤ 2 |
/// | parsing ≥ 500,000 predicates per second | parsed / median seconds ≥ 500,000 |
struct Target {
    let name: String
    let measured: String
    let isMet: Bool

    static func evaluation(_ results: [RowResult]) -> [Target] {
        var targets: [Target] = []
        for result in results where result.row.isSimpleComparison {
            if let value = result.ratio(.engineStruct, .closure) {
                targets.append(
                    Target(
                        name: "engine-struct within 3× of the closure: \(result.row.label)",
                        measured: Report.ratio(value), isMet: value <= 3))
            }
        }
        for result in results where result.row.isSimpleComparison {
            if let value = result.ratio(.engineStruct, .inlinedLoop) {
                targets.append(
                    Target(
                        name: "(stricter reading) engine-struct within 3× of the closure inlined in its loop: "
                            + result.row.label,
                        measured: Report.ratio(value), isMet: value <= 3))
            }
        }
        for result in results where result.row.isSimpleComparison {
            if let value = result.ratio(.engineBatch, .inlinedLoop) {
                targets.append(
                    Target(
                        name: "engine `count(in:)` within 3× of the closure inlined in its loop: " + result.row.label,
                        measured: Report.ratio(value), isMet: value <= 3))
            }
        }
        for result in results where result.foldedClosure != nil {
            if let value = result.ratio(.closure, .engineStruct) {
                targets.append(
                    Target(
                        name: "≥ 5× faster than the Foundation `range(of:options:)` closure: \(result.row.label)",
                        measured: Report.ratio(value) + " faster", isMet: value >= 5))
            }
        }
        for result in results {
            if let value = result.ratio(.foundationPredicate, .engineStruct) {
                targets.append(
                    Target(
                        name: "≥ 10× faster than #Predicate: \(result.row.label)",
                        measured: Report.ratio(value) + " faster", isMet: value >= 10))
            }
        }
        for result in results {
            if let value = result.ratio(.engineDictionary, .dictionaryClosure) {
                targets.append(
                    Target(
                        name: "engine-dict within 2× of the dictionary closure: \(result.row.label)",
                        measured: Report.ratio(value), isMet: value <= 2))
            }
        }
        return targets
    }

    static func parsing(_ measured: Measured) -> Target {
        let perSecond = Double(measured.result) / measured.timing.median.seconds
        return Target(
            name: "parsing ≥ 500,000 predicates per second",
            measured: Report.grouped(Int(perSecond.rounded())) + "/s", isMet: perSecond >= 500_000)
    }

    static func graphEvaluation(_ result: GraphBenchmark.EvaluationResult) -> Target {
        let value = result.ratio ?? .infinity
        return Target(
            name: "graph engine within 2× of a hand-written closure on the same storage: `\(result.format)`",
            measured: Report.ratio(value), isMet: value <= 2)
    }

    static func changes(_ result: GraphBenchmark.ChangeResult) -> Target {
        let value = result.speedUp ?? 0
        return Target(
            name: "change matching ≥ 100× faster than a true refetch", measured: Report.ratio(value) + " faster",
            isMet: value >= 100)
    }

    static func liveResults(_ result: LiveResultsBenchmark.Result) -> Target {
        let value = result.speedUp ?? 0
        return Target(
            name: "live results: incremental apply ≥ 100× faster than a full refetch",
            measured: Report.ratio(value) + " faster", isMet: value >= 100)
    }

    /// Lowered queries within 10% of the hand-written SQL where no folding is involved.
    static func sql(_ result: SQLBenchmark.Result) -> [Target] {
        result.comparisons.filter { !$0.foldingInvolved }.map { comparison in
            let value =
                comparison.lowered.timing.median.seconds / max(comparison.handWritten.timing.median.seconds, 1e-9)
            return Target(
                name: "\(comparison.database): lowered within 10% of hand-written SQL: \(comparison.label)",
                measured: Report.ratio(value), isMet: value <= 1.10)
        }
    }

    /// Issue 21's `db create` targets: SQLite ≤ 1.2× the sqlite3 shell, PostgreSQL ≤ 1.5×
    /// `psql \copy`, peak memory ≤ the graph file's size.
    static func create(_ rows: [CreateBenchmark.Row]) -> [Target] {
        rows.flatMap { row -> [Target] in
            let ratio = CreateBenchmark.median(row.ratios) ?? .infinity
            let limit = row.database == "SQLite" ? 1.2 : 1.5
            let peak = Double(CreateBenchmark.median(row.oursPeak) ?? Int.max) / Double(max(1, row.fileBytes))
            return [
                Target(
                    name: "\(row.database): db create within \(limit)× of the \(row.baseline)",
                    measured: Report.ratio(ratio), isMet: ratio <= limit),
                Target(
                    name: "\(row.database): db create's peak memory within the graph file's size",
                    measured: Report.number(peak) + "× the file", isMet: peak <= 1),
            ]
        }
    }

    static func table(_ targets: [Target]) -> String {
        "## Targets\n\n"
            + Report.table(
                ["target", "measured", "status"],
                targets.map { [$0.name, $0.measured, $0.isMet ? "met" : "**not met**"] })
    }
}
