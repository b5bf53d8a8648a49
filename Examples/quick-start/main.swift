import Evaluation
import Predicates

struct Person: PredicateKeyed {
    var name: String
    var age: Int
    var tags: [String]
    static let predicateKeys = PredicateKeys<Person>([
        "name": .string(\.name), "age": .int(\.age), "tags": .strings(\.tags),
    ])
}

let predicate = try PredicateNode(format: "name CONTAINS[cd] %@ AND age >= %d", "zoe", 30)
print(predicate.predicateFormat)

// Compile once (key paths resolved, "zoe" folded, the age test unboxed), evaluate many times,
// from any number of threads.
let compiled = try PredicateCompiler().compile(predicate, for: Person.self)
let people = [Person(name: "Zoë", age: 31, tags: ["swift"]), Person(name: "Ann", age: 40, tags: [])]
print(try compiled.filter(people).map(\.name))

do {
    _ = try PredicateNode(format: "name == 'x' AND (age > 3")
} catch {
    print(error.rendered)
}
