import Evaluation
import Predicates

/// `predicate check`: the batch protocol external conformance suites use (DESIGN.md).
///
/// Reads JSON Lines on standard input, one case per line:
/// `{"id": …, "format": "…", "args": [JSON…], "object": JSON, "vars": {…}}` — `object` is any
/// JSON value and becomes `SELF`; `args` and `vars` are optional. Writes one JSON line per case,
/// keys in this order: `{"id": …, "canonical": "…", "result": true|false, "error": null}`;
/// when the case fails, `result` is null and `error` says why (`canonical` is still set when the
/// format parsed). Blank lines are skipped; a line that is not a valid case produces an error line
/// with `"id": null` and the run goes on.
struct CheckCommand: ToolCommand {
    static let name = "check"
    static let summary = "answer JSON Lines cases {id, format, args, object} on standard input"
    static let usage = """
        predicate check [--engine compiled|interpreter]
          reads   {"id": 1, "format": "name BEGINSWITH[c] %@", "args": ["a"], "object": {"name": "Anna"}}
          writes  {"id":1,"canonical":"name BEGINSWITH[c] \\"a\\"","result":true,"error":null}
          --engine  evaluate with the compiled evaluator (default) or the reference interpreter
        """

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
        while let line = io.readLine() {
            lineNumber += 1
            guard line.contains(where: { !$0.isWhitespace }) else { continue }
            io.write(answer(line, lineNumber: lineNumber).jsonLine + "\n")
        }
        return ExitStatus.success
    }

    /// The answer to one input line.
    func answer(_ line: String, lineNumber: Int) -> CheckAnswer {
        let testCase: CheckCase
        do {
            testCase = try CheckCase(line: line)
        } catch {
            return CheckAnswer(id: .null, error: "line \(lineNumber): \(error.message)")
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

    struct InvalidLine: Error {
        var message: String
    }

    init(line: String) throws(InvalidLine) {
        let value: PredicateValue
        do {
            value = try PredicateValue(json: line)
        } catch {
            throw InvalidLine(message: "not valid JSON: \(error.message)")
        }
        guard case .dictionary(let fields) = value else {
            throw InvalidLine(message: "expected a JSON object with \"format\"")
        }
        guard case .string(let format)? = fields["format"] else {
            throw InvalidLine(message: "\"format\" must be a string")
        }
        self.id = fields["id"] ?? .null
        self.format = format
        self.object = fields["object"] ?? .null
        switch fields["args"] {
        case nil, .null?: arguments = []
        case .array(let values)?: arguments = values
        default: throw InvalidLine(message: "\"args\" must be an array")
        }
        switch fields["vars"] {
        case nil, .null?: variables = [:]
        case .dictionary(let values)?: variables = values
        default: throw InvalidLine(message: "\"vars\" must be an object")
        }
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
    /// `line:column: message` on one line, for places where a caret cannot be drawn.
    func messageLine(in source: String) -> String {
        let location = SourceLocation(offset: range.lowerBound, in: source)
        return "\(location.line):\(location.column): \(message)"
    }
}
