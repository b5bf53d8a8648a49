import Evaluation
import Predicates
import Testing

/// The library example of README.md, kept compiling and true.
@Suite("README example")
struct ReadmeExampleTests {
    struct Person: PredicateKeyed {
        var name: String
        var age: Int
        var tags: [String]
        static let predicateKeys = PredicateKeys<Person>([
            "name": .string(\.name), "age": .int(\.age), "tags": .strings(\.tags),
        ])
    }

    @Test("parse, print, compile and filter as the README shows")
    func example() throws {
        let predicate = try PredicateNode(format: "name CONTAINS[cd] %@ AND age >= %d", "zoe", 30)
        #expect(predicate.predicateFormat == "name CONTAINS[cd] \"zoe\" AND age >= 30")
        let compiled = try PredicateCompiler().compile(predicate, for: Person.self)
        let people = [Person(name: "Zoë", age: 31, tags: ["swift"]), Person(name: "Ann", age: 40, tags: [])]
        #expect(try compiled.filter(people).map(\.name) == ["Zoë"])
    }

    @Test("the README's parse error renders as shown")
    func error() {
        #expect {
            _ = try PredicateNode(format: "name == 'x' AND (age > 3")
        } throws: { error in
            (error as? PredicateSyntaxError)?.rendered == """
                1:25: error: expected ')' to close '(', found the end of the input
                name == 'x' AND (age > 3
                                        ^
                note: the '(' opened here at 1:17
                """
        }
    }
}
