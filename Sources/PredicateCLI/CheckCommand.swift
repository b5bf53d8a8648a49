import Evaluation
import KeyPaths
import Predicates

/// `predicate check`: the batch protocol external conformance suites use (DESIGN.md).
///
/// Reads JSON Lines on standard input, one case per line:
/// `{"id": …, "format": "…", "args": [JSON…], "object": JSON, "vars": {…}}` — `object` is any
/// JSON value and becomes `SELF`; `args` and `vars` are optional. Writes one JSON line per case,
/// keys in this order: `{"id": …, "canonical": "…", "result": true|false, "error": null}`;
/// when the case fails, `result` is null and `error` says why (`canonical` is still set when the
/// format parsed). Blank lines are skipped. A line that is not a valid case produces an error
/// line and the run goes on: with the line's `id` when it has one (a bad `{"$date": …}` tag, an
/// unknown field such as `"variables"`), `"id": null` when the line is not a JSON object, is
/// not UTF-8 text (the bad byte is named with its line and column, as in every other input:
/// never read as U+FFFD and evaluated) or is longer than ``maximumLineBytes`` (16 MiB; such a
/// line is skipped in bounded chunks, never held in memory whole).
struct CheckCommand: ToolCommand {
    static let name = "check"
    static let summary = "answer JSON Lines cases {id, format, args, object} on standard input"
    static let usage = """
        predicate check [--engine compiled|interpreter]
          reads   {"id": 1, "format": "name BEGINSWITH[c] %@", "args": ["a"], "object": {"name": "Anna"}}
          writes  {"id":1,"canonical":"name BEGINSWITH[c] \\"a\\"","result":true,"error":null}
          --engine  evaluate with the compiled evaluator (default) or the reference interpreter
        Fields of a line: id, format (required), args, object, vars. A line may be at most
        16 MiB (16,777,216 bytes); a longer one is answered with an error and skipped.
        """

    /// The longest input line answered: 16 MiB (16,777,216 bytes, not counting the line break).
    static let maximumLineBytes = 16 << 20

    enum Engine: String {
        case compiled
        case interpreter
    }

    var engine: Engine

    init(arguments scanner: inout ArgumentScanner) throws(UsageError) {
        let name = try scanner.value(for: "--engine") ?? Engine.compiled.rawValue
        guard let engine = Engine(rawValue: name) else {
            throw UsageError("--engine must be 'compiled' or 'interpreter', not '\(name)'")
        }
        self.engine = engine
    }

    func run(io: ToolIO) -> Int32 {
        var lineNumber = 0
        while let input = io.readBoundedLine(Self.maximumLineBytes) {
            lineNumber += 1
            switch input {
            case .tooLong(let bytes):
                let message =
                    "line \(lineNumber): the line is \(bytes) bytes long; the limit is "
                    + "\(Self.maximumLineBytes) bytes (16 MiB)"
                io.write(CheckAnswer(id: .null, error: message).jsonLine + "\n")
            case .notUTF8(let byte, let column, _):
                let message = "line \(lineNumber), column \(column): " + TextEncoding.invalidByteMessage(byte)
                io.write(CheckAnswer(id: .null, error: message).jsonLine + "\n")
            case .line(let line):
                guard line.contains(where: { !$0.isWhitespace }) else { continue }
                io.write(answer(line, lineNumber: lineNumber).jsonLine + "\n")
            }
        }
        return ExitStatus.success
    }

    /// The answer to one input line.
    func answer(_ line: String, lineNumber: Int) -> CheckAnswer {
        let testCase: CheckCase
        do {
            testCase = try CheckCase(line: line)
        } catch {
            return CheckAnswer(id: error.id, error: "line \(lineNumber): \(error.message)")
        }
        var answer = CheckAnswer(id: testCase.id)
        let predicate: PredicateNode
        do {
            predicate = try PredicateParser().parsePredicate(testCase.format, arguments: testCase.arguments)
        } catch {
            answer.error = "parse error: " + error.diagnostic.messageLine(in: testCase.format)
            return answer
        }
        answer.canonical = predicate.predicateFormat
        do {
            answer.result = try evaluate(predicate, on: testCase)
        } catch let error as PredicateCompileError {
            answer.error = "compile error: \(error.message)"
        } catch let error as EvaluationError {
            answer.error = "evaluation error: \(error.message)"
        } catch {
            answer.error = "error: \(error)"
        }
        return answer
    }

    private func evaluate(_ predicate: PredicateNode, on testCase: CheckCase) throws -> Bool {
        let variables = testCase.variables.mapValues(EvaluationValue.init)
        switch engine {
        case .compiled:
            let compiled = try PredicateCompiler(variables: variables).compile(predicate, for: PredicateValue.self)
            return try compiled.evaluate(testCase.object)
        case .interpreter:
            return try ReferenceInterpreter().evaluate(
                predicate, on: EvaluationValue(testCase.object), variables: variables)
        }
    }
}

/// One input line of `predicate check`.
struct CheckCase {
    var id: PredicateValue
    var format: String
    var arguments: [PredicateValue]
    var object: PredicateValue
    var variables: [String: PredicateValue]

    /// The fields a line may have.
    static let fields = ["id", "format", "args", "object", "vars"]

    /// Why a line is not a valid case, with the line's `id` when it could be read.
    struct InvalidLine: Error {
        var id: PredicateValue = .null
        var message: String
    }

    /// Reads one line. The JSON is parsed first with its tags kept, so that the `id` is known
    /// before any field is decoded: a bad `{"$uuid": …}` in `object` is reported with the id.
    init(line: String) throws(InvalidLine) {
        let value: PredicateValue
        do {
            value = try PredicateValue(jsonKeepingTags: line)
        } catch {
            throw InvalidLine(message: "not valid JSON: \(error.message)")
        }
        guard case .dictionary(let fields) = value else {
            throw InvalidLine(message: "expected a JSON object with \"format\"")
        }
        let rawID = fields["id"] ?? .null
        let id = (try? JSONTaggedValues.untag(rawID)) ?? rawID
        self.id = id
        if let unknown = fields.keys.sorted().first(where: { !Self.fields.contains($0) }) {
            throw InvalidLine(id: id, message: Self.unknownFieldMessage(unknown))
        }
        guard case .string(let format)? = fields["format"] else {
            throw InvalidLine(id: id, message: "\"format\" must be a string")
        }
        self.format = format
        func decoded(_ field: String) throws(InvalidLine) -> PredicateValue {
            do {
                return try JSONTaggedValues.untag(fields[field] ?? .null)
            } catch {
                throw InvalidLine(id: id, message: "\"\(field)\": \(error.message)")
            }
        }
        object = try decoded("object")
        switch try decoded("args") {
        case .null: arguments = []
        case .array(let values): arguments = values
        default: throw InvalidLine(id: id, message: "\"args\" must be an array")
        }
        switch try decoded("vars") {
        case .null: variables = [:]
        case .dictionary(let values): variables = values
        default: throw InvalidLine(id: id, message: "\"vars\" must be an object")
        }
    }

    /// `unknown field "variables"; did you mean "vars"? (a line has the fields id, format, …)`:
    /// the field names are quoted as JSON writes them (the protocol's messages are about JSON).
    static func unknownFieldMessage(_ field: String) -> String {
        var message = "unknown field \(PredicateValue.string(field).jsonText())"
        if let suggestion = suggestion(for: field) { message += "; did you mean \"\(suggestion)\"?" }
        return message + " (a line has the fields \(fields.joined(separator: ", ")))"
    }

    /// The known field closest to `field`: by edit distance, else one sharing its first three
    /// letters (`variables` → `vars`, `arguments` → `args`).
    private static func suggestion(for field: String) -> String? {
        if let close = Suggestion("", name: field, among: fields).replacement { return close }
        let lowered = field.lowercased()
        guard lowered.count >= 3 else { return nil }
        return fields.first { $0.count >= 3 && lowered.hasPrefix($0.prefix(3)) }
    }
}

/// One output line of `predicate check`.
struct CheckAnswer {
    var id: PredicateValue
    var canonical: String?
    var result: Bool?
    var error: String?

    init(id: PredicateValue, error: String? = nil) {
        self.id = id
        self.error = error
    }

    /// `{"id":…,"canonical":…,"result":…,"error":…}` with the keys in this order.
    var jsonLine: String {
        let canonical = canonical.map { PredicateValue.string($0).jsonText() } ?? "null"
        let result = result.map { $0 ? "true" : "false" } ?? "null"
        let error = error.map { PredicateValue.string($0).jsonText() } ?? "null"
        return "{\"id\":\(id.jsonText()),\"canonical\":\(canonical),\"result\":\(result),\"error\":\(error)}"
    }
}

extension Diagnostic {
    /// `line:column: message` on one line, for places where a caret cannot be drawn
    /// (``DiagnosticFormatter/line(_:in:)``).
    func messageLine(in source: String) -> String {
        DiagnosticFormatter().line(self, in: source)
    }
}
