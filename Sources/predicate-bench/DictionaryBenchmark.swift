import Evaluation
import Foundation
import Predicates

/// One column of the dictionary table: who evaluates the row, on which shape of the objects.
enum DictionaryColumn: String, CaseIterable, Hashable, CustomStringConvertible {
    /// A hand-written closure over the structs (`$0.bucket.owner.name == "Ivan"`).
    case structClosure
    /// This engine through the structs' key tables (to-one hops resolved at compile time).
    case engineStruct
    /// A hand-written closure over the `[String: Any]` of Swift values (`as?` casts).
    case dictionaryClosure
    /// This engine, compiled for `[String: Any]`, on the same dictionaries.
    case engineDictionary
    /// This engine on `JSONSerialization` output (`NSNumber`s).
    case engineFoundation
    /// This engine on decoded JSON values, as `predicate eval --data` holds each object.
    case engineJSON
    /// This engine on the same JSON text read as a ``JSONDocument`` (one tape, interned keys).
    case engineDocument

    var description: String {
        switch self {
        case .structClosure: "closure (struct)"
        case .engineStruct: "engine (struct)"
        case .dictionaryClosure: "closure (dict)"
        case .engineDictionary: "engine (dict)"
        case .engineFoundation: "engine (JSONSerialization dict)"
        case .engineJSON: "engine (`eval --data` JSON value)"
        case .engineDocument: "engine, JSON document"
        }
    }
}

/// A row of the dictionary table.
struct DictionaryRow {
    /// The short name used by `--rows`.
    let id: String
    /// The format string the engine parses.
    let format: String
    /// The hand-written closure on the structs.
    let structClosure: (NestedItem) -> Bool
    /// The hand-written closure on the `[String: Any]` of Swift values.
    let dictionaryClosure: ([String: Any]) -> Bool
}

/// The dictionary rows: flat and nested key paths on `[String: Any]`, with their baselines.
enum DictionaryRows {
    static func all() -> [DictionaryRow] { [flatAge, flatName, nestedName, nestedAge] }

    static var flatAge: DictionaryRow {
        DictionaryRow(
            id: "dict-age", format: "age > 30", structClosure: { $0.age > 30 },
            dictionaryClosure: { ($0["age"] as? Int).map { $0 > 30 } ?? false })
    }

    static var flatName: DictionaryRow {
        DictionaryRow(
            id: "dict-name", format: "name == 'Ivan' AND score < 2.5",
            structClosure: { $0.name == "Ivan" && $0.score < 2.5 },
            dictionaryClosure: { object in
                guard let name = object["name"] as? String, name == "Ivan" else { return false }
                return (object["score"] as? Double).map { $0 < 2.5 } ?? false
            })
    }

    static var nestedName: DictionaryRow {
        DictionaryRow(
            id: "dict-nested", format: "bucket.owner.name == 'Ivan'",
            structClosure: { $0.bucket.owner.name == "Ivan" },
            dictionaryClosure: { object in
                let owner = (object["bucket"] as? [String: Any])?["owner"] as? [String: Any]
                return (owner?["name"] as? String) == "Ivan"
            })
    }

    static var nestedAge: DictionaryRow {
        DictionaryRow(
            id: "dict-nested-age", format: "bucket.owner.age > 30",
            structClosure: { $0.bucket.owner.age > 30 },
            dictionaryClosure: { object in
                let owner = (object["bucket"] as? [String: Any])?["owner"] as? [String: Any]
                return (owner?["age"] as? Int).map { $0 > 30 } ?? false
            })
    }

    /// Every row id, for `--rows`.
    static var ids: [String] { all().map(\.id) }
}

/// The measurements of one dictionary row.
struct DictionaryResult {
    let row: DictionaryRow
    let measured: [DictionaryColumn: Measured]

    /// `numerator / denominator` of the medians, when both were measured.
    func ratio(_ numerator: DictionaryColumn, _ denominator: DictionaryColumn) -> Double? {
        guard let top = measured[numerator]?.timing.median, let bottom = measured[denominator]?.timing.median,
            bottom > .zero
        else { return nil }
        return top / bottom
    }
}

/// Runs the dictionary rows: every column over the same objects, interleaved run by run.
enum DictionaryBenchmark {
    static func run(_ row: DictionaryRow, on workload: NestedWorkload, runs: Int) throws -> DictionaryResult {
        let node = try PredicateNode(format: row.format)
        let compiler = PredicateCompiler()
        let onStruct = try compiler.compile(node, for: NestedItem.self)
        let onDictionary = try compiler.compile(node, for: [String: Any].self)
        let onJSON = try compiler.compile(node, for: PredicateValue.self)
        let items = workload.items
        let dictionaries = workload.dictionaries
        let foundation = workload.foundationDictionaries
        let values = workload.jsonValues
        let document = workload.document
        let onDocument = try compiler.compile(node, for: document)
        let candidates: [Candidate<DictionaryColumn>] = [
            Candidate(key: .structClosure) { countMatches(items, row.structClosure) },
            Candidate(key: .engineStruct) { try countMatches(items) { try onStruct.evaluate($0) } },
            Candidate(key: .dictionaryClosure) { countMatches(dictionaries, row.dictionaryClosure) },
            Candidate(key: .engineDictionary) { try countMatches(dictionaries) { try onDictionary.evaluate($0) } },
            Candidate(key: .engineFoundation) { try countMatches(foundation) { try onDictionary.evaluate($0) } },
            Candidate(key: .engineJSON) { try countMatches(values) { try onJSON.evaluate($0) } },
            Candidate(key: .engineDocument) { try document.count(matching: onDocument) },
        ]
        return DictionaryResult(row: row, measured: try Stopwatch.measure(candidates, runs: runs))
    }

    /// The table of medians, the ratios and the disagreements (there must be none).
    static func report(_ results: [DictionaryResult], objects: Int, runs: Int) -> String {
        let columns = DictionaryColumn.allCases
        let timings = results.map { result -> [String] in
            let counts = Set(result.measured.values.map(\.result))
            return ["`\(result.row.format)`"]
                + columns.map { column in result.measured[column].map { Report.cell($0.timing) } ?? "—" }
                + [counts.count == 1 ? Report.grouped(counts.first ?? 0) : "**differ**"]
        }
        let ratios = results.map { result -> [String] in
            [
                "`\(result.row.format)`",
                Report.ratio(result.ratio(.engineDictionary, .dictionaryClosure)),
                Report.ratio(result.ratio(.engineDictionary, .engineStruct)),
                Report.ratio(result.ratio(.engineFoundation, .engineDictionary)),
                Report.ratio(result.ratio(.engineJSON, .engineDictionary)),
                Report.ratio(result.ratio(.engineStruct, .structClosure)),
                Report.ratio(result.ratio(.engineFoundation, .engineDocument)),
                Report.ratio(result.ratio(.engineDocument, .structClosure)),
            ]
        }
        let timingTable = Report.table(["predicate"] + columns.map(\.description) + ["matches"], timings)
        let ratioTable = Report.table(
            [
                "predicate", "engine-dict / dict-closure", "engine-dict / engine-struct",
                "JSONSerialization dict / dict", "`eval --data` / dict", "engine-struct / struct closure",
                "JSONSerialization dict / JSON document", "JSON document / struct closure",
            ], ratios)
        return """
            ## Dictionaries: median ms over \(runs) runs (min–max), \(Report.grouped(objects)) objects

            \(timingTable)

            Objects `{name, age, score, tags, bucket: {name, owner: {name, age}}}`, every nested \
            dictionary its own. *closure (dict)*: `as?` casts, one dictionary at a time. \
            *JSONSerialization dict*: the same objects' JSON text read back by `JSONSerialization` \
            (numbers are `NSNumber`s). *`eval --data` JSON value*: the objects as `PredicateValue`s, \
            compiled for `PredicateValue`. *JSON document*: the same JSON text read as one \
            `JSONDocument` (a tape of 16-byte entries, keys interned), counted by \
            `document.count(matching:)`.

            ### Dictionary ratios of medians (same run)

            \(ratioTable)
            """
    }

    /// `eval --data` per object on par with dictionaries: the JSON value column within 1.25× of
    /// the dictionary column.
    static func targets(_ results: [DictionaryResult]) -> [Target] {
        results.compactMap { result in
            result.ratio(.engineJSON, .engineDictionary).map { value in
                Target(
                    name: "`eval --data` on par with dictionaries (≤ 1.25×): `\(result.row.format)`",
                    measured: Report.ratio(value), isMet: value <= 1.25)
            }
        }
    }
}
