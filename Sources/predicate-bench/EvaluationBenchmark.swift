import Evaluation
import Foundation
import Predicates

/// The objects every evaluation row runs over, built once.
struct Workload {
    /// The people as Swift structs.
    let people: [Person]
    /// The same people as `[String: Any]` dictionaries.
    let dictionaries: [[String: Any]]
    /// The same people wrapped once as object values, for the reference interpreter.
    let objects: [EvaluationValue]

    /// `count` seeded people in the three shapes.
    init(count: Int, seed: UInt64) {
        people = People.make(count: count, seed: seed)
        dictionaries = people.map(\.dictionary)
        objects = people.map { .object(EvaluationObject($0)) }
    }
}

/// The measurements of one evaluation row.
struct RowResult {
    let row: EvaluationRow
    let measured: [Column: Measured]

    /// The median of `column`, when it was measured.
    func median(_ column: Column) -> Duration? { measured[column]?.timing.median }

    /// `numerator / denominator` of the medians, when both were measured.
    func ratio(_ numerator: Column, _ denominator: Column) -> Double? {
        guard let top = median(numerator), let bottom = median(denominator), bottom > .zero else { return nil }
        return top / bottom
    }

    /// The match counts, when the columns disagree (they must not).
    var disagreement: [Column: Int]? {
        let counts = Set(measured.values.map(\.result))
        guard counts.count > 1 else { return nil }
        return measured.mapValues(\.result)
    }
}

/// Runs the evaluation rows: every column of a row over the same objects, interleaved.
enum EvaluationBenchmark {
    static func run(
        _ row: EvaluationRow, on workload: Workload, runs: Int, including: (Column) -> Bool = { _ in true }
    ) throws -> RowResult {
        let node = try PredicateNode(format: row.format)
        let compiler = PredicateCompiler()
        let onStruct = try compiler.compile(node, for: Person.self)
        let onDictionary = try compiler.compile(node, for: [String: Any].self)
        let interpreter = ReferenceInterpreter()
        let people = workload.people
        let dictionaries = workload.dictionaries
        let objects = workload.objects

        var candidates: [Candidate<Column>] = [
            Candidate(key: .inlinedLoop) { row.inlinedLoop(people) },
            Candidate(key: .closure) { countMatches(people, row.closure) },
        ]
        if let folded = row.foldedClosure {
            candidates.append(Candidate(key: .foldedClosure) { countMatches(people, folded) })
        }
        candidates += [
            Candidate(key: .engineStruct) { try countMatches(people) { try onStruct.evaluate($0) } },
            Candidate(key: .engineBatch) { try onStruct.count(in: people) },
            Candidate(key: .engineFilter) { try onStruct.filter(people).count },
            Candidate(key: .closureFilter) { people.filter(row.closure).count },
            Candidate(key: .dictionaryClosure) { countMatches(dictionaries, row.dictionaryClosure) },
            Candidate(key: .engineDictionary) { try countMatches(dictionaries) { try onDictionary.evaluate($0) } },
            Candidate(key: .interpreter) { try countMatches(objects) { try interpreter.evaluate(node, on: $0) } },
        ]
        if case .success(let predicate) = row.foundation {
            candidates.append(
                Candidate(key: .foundationPredicate) { try countMatches(people) { try predicate.evaluate($0) } })
        }
        candidates = candidates.filter { including($0.key) }
        return RowResult(row: row, measured: try Stopwatch.measure(candidates, runs: runs))
    }
}
