import Evaluation
import Foundation
import Predicates
import Testing

@Suite("Compiler API")
struct CompilerAPITests {
    static let objects: [PredicateValue] = [
        .dictionary(["name": "Ann", "age": 31]), .dictionary(["name": "Bob", "age": 25]),
        .dictionary(["name": "Dan", "age": 40]),
    ]

    @Test("filter keeps matching objects in order")
    func filterOrder() throws {
        let compiled = try PredicateCompiler().compile(PredicateNode(format: "age > 30"), for: PredicateValue.self)
        #expect(try compiled.filter(Self.objects) == [Self.objects[0], Self.objects[2]])
    }

    @Test("filter stops at the first evaluation error")
    func filterError() throws {
        let compiled = try PredicateCompiler().compile(PredicateNode(format: "age > 30"), for: PredicateValue.self)
        #expect(throws: EvaluationError.self) { try compiled.filter(Self.objects + [.dictionary(["age": "old"])]) }
    }

    @Test("Variables: compile-time values are folded, evaluation-time values are bound")
    func variables() throws {
        let node = try PredicateNode(format: "age > $MIN")
        let folded = try PredicateCompiler(variables: ["MIN": .int(30)]).compile(node, for: PredicateValue.self)
        #expect(try folded.filter(Self.objects).count == 2)
        let bound = try PredicateCompiler().compile(node, for: PredicateValue.self)
        #expect(try bound.filter(Self.objects, variables: ["MIN": .int(35)]).count == 1)
        #expect(throws: EvaluationError(id: "unbound-variable", message: "no value bound for variable $MIN")) {
            try bound.evaluate(Self.objects[0])
        }
    }

    @Test(
        "Constructs that cannot be evaluated fail at compile time, with the source range",
        arguments: [
            ("FUNCTION(name, 'lastPathComponent') == 'x'", "unregistered-function", 0..<35),
            ("ANYKEY == 'x'", "unsupported", 0..<6),
            ("name UTI-CONFORMS-TO 'public.text'", "unsupported", 0..<34),
            ("CAST(name, 'Class') == nil", "unsupported-cast", 0..<19),
            ("name MATCHES '('", "invalid-pattern", 0..<16),
            (#"name LIKE 'a\\'"#, "invalid-pattern", 0..<15),
        ])
    func compileErrors(_ format: String, _ id: String, _ range: Range<Int>) throws {
        let node = try PredicateNode(format: format)
        do {
            _ = try PredicateCompiler().compile(node, for: PredicateValue.self)
            Issue.record("compiled without error")
        } catch {
            #expect(error.id == id)
            #expect(error.range.map { $0.lowerBound..<$0.upperBound } == range)
        }
    }

    @Test("Registered functions are called by selector; foreign errors become function-failed")
    func functions() throws {
        var registry = PredicateFunctionRegistry()
        registry.register("twice") { receiver, _ in
            guard case .int(let n) = receiver else { throw CancellationError() }
            return .int(n * 2)
        }
        let compiled = try PredicateCompiler(functions: registry).compile(
            PredicateNode(format: "FUNCTION(age, 'twice') > 70"), for: PredicateValue.self)
        #expect(try compiled.filter(Self.objects) == [Self.objects[2]])
        #expect { try compiled.evaluate(.dictionary(["age": "x"])) } throws: {
            ($0 as? EvaluationError)?.id == "function-failed"
        }
        #expect(registry.selectors == ["twice"])
    }

    @Test("The reference interpreter evaluates expressions too")
    func interpreterExpression() throws {
        let expression = try PredicateParser().parseExpression("a * 2 + sum(b)")
        let object = EvaluationValue(try PredicateValue(json: #"{"a": 3, "b": [1, 2]}"#))
        #expect(try ReferenceInterpreter().evaluate(expression, on: object) == .int(9))
    }

    @Test("[String: Any] roots read Foundation values")
    func anyDictionaries() throws {
        let people: [[String: Any]] = [
            ["name": "Ann", "age": NSNumber(value: 31)], ["name": "Bob", "age": 25], ["name": NSNull()],
        ]
        let compiled = try PredicateCompiler().compile(
            PredicateNode(format: "age > 30 OR name == nil"), for: [String: Any].self)
        #expect(try compiled.filter(people).count == 2)
    }
}
