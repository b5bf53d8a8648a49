import Evaluation
import Foundation
import Predicates
import Testing

/// One line of a semantics file (`Semantics/<area>.jsonl`):
///
/// ```json
/// {"name": "§3.2 nil equals only nil", "format": "a == nil", "args": [], "object": {"a": null},
///  "vars": {}, "expect": true}
/// ```
/// `args` bind `%@`/`%K`/`%d` in order; `vars` are bound at evaluation time (`$name`);
/// `object` is `SELF` (any JSON value, with `{"$date": …}` / `{"$set": …}` tags); `expect`
/// is `true`, `false` or `"error"` (an evaluation or compile-time error).
struct SemanticsCase: Sendable, CustomTestStringConvertible {
    enum Expectation: Sendable, Equatable, CustomStringConvertible {
        case result(Bool)
        case error

        var description: String {
            switch self {
            case .result(let value): "\(value)"
            case .error: "error"
            }
        }
    }

    let area: String
    let line: Int
    let name: String
    let format: String
    let args: [PredicateValue]
    let object: PredicateValue
    let vars: [String: PredicateValue]
    let expect: Expectation

    var testDescription: String { "\(area):\(line) \(name)" }

    /// Reads one JSON line.
    init(area: String, line: Int, text: String) throws {
        self.area = area
        self.line = line
        guard case .dictionary(let fields) = try PredicateValue(json: text) else {
            throw SuiteFileError("\(area):\(line): not a JSON object")
        }
        let known: Set<String> = ["name", "format", "args", "object", "vars", "expect"]
        if let unknown = fields.keys.first(where: { !known.contains($0) }) {
            throw SuiteFileError("\(area):\(line): unknown field '\(unknown)'")
        }
        guard case .string(let name)? = fields["name"], case .string(let format)? = fields["format"] else {
            throw SuiteFileError("\(area):\(line): 'name' and 'format' must be strings")
        }
        self.name = name
        self.format = format
        switch fields["args"] {
        case nil: args = []
        case .array(let values)?: args = values
        default: throw SuiteFileError("\(area):\(line): 'args' must be an array")
        }
        object = fields["object"] ?? .null
        switch fields["vars"] {
        case nil: vars = [:]
        case .dictionary(let values)?: vars = values
        default: throw SuiteFileError("\(area):\(line): 'vars' must be an object")
        }
        guard let expect = Expectation(json: fields["expect"]) else {
            throw SuiteFileError("\(area):\(line): 'expect' must be true, false or \"error\"")
        }
        self.expect = expect
    }
}

extension SemanticsCase.Expectation {
    /// `true`, `false` or `"error"`; `nil` for anything else.
    init?(json: PredicateValue?) {
        switch json {
        case .bool(let value)?: self = .result(value)
        case .string("error")?: self = .error
        default: return nil
        }
    }
}

/// A case where this engine answers otherwise than Apple, on purpose (`skip-list.json`).
struct KnownDeviation: Sendable {
    /// What every engine here answers.
    let ours: SemanticsCase.Expectation
    /// Where the difference is documented for users.
    let documented: String
    /// Why.
    let reason: String
}

struct SuiteFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The files of the semantics suite and its skip list.
enum SemanticsSuite {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Semantics")

    /// Every case of every `*.jsonl` file, in file and line order. A malformed line makes the
    /// suite fail loudly (see `SemanticsSuiteTests.filesAreWellFormed`).
    static let loaded: (cases: [SemanticsCase], problems: [String]) = {
        var cases: [SemanticsCase] = []
        var problems: [String] = []
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for file in files.sorted() where file.hasSuffix(".jsonl") {
            let area = String(file.dropLast(".jsonl".count))
            guard let text = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8) else {
                problems.append("\(file): unreadable")
                continue
            }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed.hasPrefix("//") { continue }
                do {
                    cases.append(try SemanticsCase(area: area, line: index + 1, text: String(line)))
                } catch {
                    problems.append("\(error)")
                }
            }
        }
        return (cases, problems)
    }()

    static var cases: [SemanticsCase] { loaded.cases }

    /// `skip-list.json`: the cases where this engine deliberately answers otherwise than
    /// Apple, by case name:
    ///
    /// ```json
    /// [{"name": "<case name>", "ours": true, "documented": "Grammar.md §14, …", "reason": "<why we differ>"}]
    /// ```
    ///
    /// `ours` is this engine's answer (`true`, `false` or `"error"`), which every engine must
    /// give; the case's own `expect` stays Apple's. A malformed entry is listed in
    /// ``skipListProblems``.
    static let skipList: [String: KnownDeviation] = loadedSkipList.deviations
    static var skipListProblems: [String] { loadedSkipList.problems }

    private static let loadedSkipList: (deviations: [String: KnownDeviation], problems: [String]) = {
        let url = directory.appendingPathComponent("skip-list.json")
        guard let text = try? String(contentsOf: url, encoding: .utf8),
            case .array(let entries) = try? PredicateValue(json: text)
        else { return ([:], ["skip-list.json: unreadable, or not a JSON array"]) }
        var result: [String: KnownDeviation] = [:]
        var problems: [String] = []
        for (index, entry) in entries.enumerated() {
            guard case .dictionary(let fields) = entry, case .string(let name)? = fields["name"],
                case .string(let reason)? = fields["reason"], case .string(let documented)? = fields["documented"],
                let ours = SemanticsCase.Expectation(json: fields["ours"])
            else {
                problems.append("skip-list.json entry \(index + 1): needs name, reason, documented and ours")
                continue
            }
            result[name] = KnownDeviation(ours: ours, documented: documented, reason: reason)
        }
        return (result, problems)
    }()

    /// The functions `FUNCTION(…)` cases may call.
    static let functions = PredicateFunctionRegistry()
        .registering("reversed") { receiver, _ in
            guard case .string(let text) = receiver else {
                throw EvaluationError(id: "type-mismatch", message: "reversed needs a string")
            }
            return .string(String(text.reversed()))
        }
        .registering("plus:") { receiver, arguments in
            guard case .int(let a) = receiver, case .int(let b)? = arguments.first else {
                throw EvaluationError(id: "type-mismatch", message: "plus: needs integers")
            }
            return .int(a + b)
        }
        .registering("fail") { _, _ in throw SuiteFileError("deliberate failure") }
}
