import Evaluation
import Foundation
import Predicates
import TestSupport
import Testing

/// Struct key tables, `[String: Any]` dictionaries and JSON give the same answers.
@Suite("Key tables, dictionaries and JSON agree")
struct KeyTableTests {
    static let people: [Person] = {
        var generator = RandomPredicates(seed: 7)
        return (0..<40).map { _ in generator.person() }
    }()

    @Test(
        "Hand-picked predicates",
        arguments: [
            "age > 30", "name CONTAINS[cd] 'an' AND age > 30", "ANY tags == 'x'",
            "name IN {'Ann', 'Dan', 'Zoë', 'Bob'}", "name LIKE '*an?'", "name LIKE[c] '*an*'", "score BETWEEN {1, 2}",
            "address.city ==[c] 'oslo'", "address == nil", "home.zip >= 2", "friends.@count > 1",
            "ANY friends.age > 40",
            "ALL friends.name BEGINSWITH 'A'", "SUBQUERY(friends, $f, $f.age > 20).@count >= 1",
            "friends.@sum.age > 50",
            "nickname == nil", "nickname BEGINSWITH 'A'", "active == YES", "active == 1", "born > CAST(0, 'NSDate')",
            "score == 2", "age == 30.0", "age IN {30, 31.0, TRUE}", "score != score", "name.length == 3",
            "tags.@count == 0",
            "name MATCHES '[A-Z].*'", "age BETWEEN {45, 18}", "score < 2.5", "name >[c] 'b'",
        ])
    func sameAnswers(_ format: String) throws {
        let node = try PredicateNode(format: format)
        let typed = try PredicateCompiler().compile(node, for: Person.self)
        let dictionaries = try PredicateCompiler().compile(node, for: [String: Any].self)
        let json = try PredicateCompiler().compile(node, for: PredicateValue.self)
        for person in Self.people {
            let reference = Engines.interpreter(node, person.json, [:])
            let outcomes = [
                ("struct", Engines.capture { () throws(EvaluationError) in try typed.evaluate(person) }),
                (
                    "[String: Any]",
                    Engines.capture { () throws(EvaluationError) in try dictionaries.evaluate(person.anyDictionary) }
                ),
                ("JSON", Engines.capture { () throws(EvaluationError) in try json.evaluate(person.json) }),
            ]
            for (root, outcome) in outcomes {
                #expect(
                    outcome.agrees(with: reference), "\(root) gave \(outcome), interpreter \(reference) for \(person)")
            }
        }
    }

    @Test("Random predicates over the key table (seeded; PREDICATE_SEED to replay)")
    func randomPredicatesAgree() {
        let seed = PropertyRun(seedOnly: "KeyTableTests").seed
        var generator = RandomPredicates(seed: seed)
        for _ in 0..<1_500 {
            let node = generator.personPredicate()
            let typed = Result { () throws(PredicateCompileError) in
                try PredicateCompiler().compile(node, for: Person.self)
            }
            for _ in 0..<4 {
                let person = generator.person()
                let reference = Engines.interpreter(node, person.json, [:])
                let outcome: Outcome
                switch typed {
                case .success(let compiled):
                    outcome = Engines.capture { () throws(EvaluationError) in try compiled.evaluate(person) }
                case .failure(let error): outcome = .error(error.id.rawValue)
                }
                if !outcome.agrees(with: reference) {
                    Issue.record(
                        "seed \(seed): struct gave \(outcome), interpreter \(reference)\n predicate: \(node)\n \(node.sExpression)\n person: \(person)"
                    )
                    return
                }
            }
        }
    }

    @Test("An unknown key of a keyed type is a compile-time error with a suggestion")
    func unknownKey() throws {
        let node = try PredicateNode(format: "nmae == 'x'")
        #expect(
            throws: PredicateCompileError(
                id: "unknown-key", message: "'Person' has no key 'nmae'; did you mean 'name'?")
        ) {
            try PredicateCompiler().compile(node, for: Person.self)
        }
        let nested = try PredicateNode(format: "address.cty == 'x'")
        #expect(
            throws: PredicateCompileError(
                id: "unknown-key", message: "'Address' has no key 'cty'; did you mean 'city'?")
        ) {
            try PredicateCompiler().compile(nested, for: Person.self)
        }
    }

    @Test("A to-many key path yields the array of the related values")
    func toManyPath() throws {
        let friends = [Friend(name: "A", age: 1), Friend(name: "B", age: 2)]
        var person = Self.people[0]
        person.friends = friends
        let node = try PredicateNode(format: "friends.name == %@", argumentArray: [["A", "B"]])
        #expect(try PredicateCompiler().compile(node, for: Person.self).evaluate(person))
    }

    @Test("Mirror-based objects read stored properties by name")
    func mirrorReadable() throws {
        let points = [Point(x: 1, y: 2.5, label: nil), Point(x: 3, y: 0, label: "p")]
        let node = try PredicateNode(format: "x > 1 OR (y == 2.5 AND label == nil)")
        #expect(try PredicateCompiler().compile(node, for: Point.self).filter(points).count == 2)
        let unknown = try PredicateNode(format: "z == 1")
        #expect(throws: EvaluationError(id: "unknown-key", message: "'Point' has no key 'z'")) {
            try PredicateCompiler().compile(unknown, for: Point.self).evaluate(points[0])
        }
    }
}

extension Result where Failure == PredicateCompileError {
    init(catching body: () throws(PredicateCompileError) -> Success) {
        do {
            self = .success(try body())
        } catch {
            self = .failure(error)
        }
    }
}
