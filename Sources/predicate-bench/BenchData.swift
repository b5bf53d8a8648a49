import Evaluation
import Foundation
import Predicates

/// The benchmark's object: {name, age, score, tags}, with its key table.
struct BenchPerson: PredicateKeyed, Sendable {
    var name: String
    var age: Int
    var score: Double
    var tags: [String]

    static let predicateKeys = PredicateKeys<BenchPerson>([
        "name": .string(\.name),
        "age": .int(\.age),
        "score": .double(\.score),
        "tags": .strings(\.tags),
    ])

    var dictionary: [String: Any] { ["name": name, "age": age, "score": score, "tags": tags] }

    var evaluationValue: EvaluationValue {
        .dictionary(["name": .string(name), "age": .int(age), "score": .double(score), "tags": .array(tags.map { .string($0) })])
    }
}

/// Deterministic data: the same million people on every run.
enum BenchData {
    static let names = [
        "Ann", "Dan", "Jan", "Stan", "Bob", "Eve", "Ivan", "Joan", "Alan", "Brian", "Dylan", "Ethan", "Logan", "Megan", "Susan",
        "Conan", "Roman", "Tristan", "Zoë", "Dàn", "Ángela", "Håkan", "Anders", "Frank", "Grace", "Hank", "Irene", "Jane", "Kyle",
        "Liam", "Mona", "Nina", "Omar", "Pia", "Quinn", "Rosa", "Sven", "Tina", "Uma", "Vera", "Walt", "Xena", "Yann", "Zack",
        "Annie", "Danny", "Janet", "Stanley", "Dane", "Anya",
    ]
    static let tagPool = ["x", "y", "z", "w", "v"]
    /// Twenty names for the `IN` row (ten present in the data, ten absent).
    static let inNames = [
        "Ann", "Dan", "Eve", "Ivan", "Zoë", "Grace", "Liam", "Nina", "Sven", "Zack",
        "Ada", "Ben", "Cid", "Dee", "Eli", "Fay", "Gus", "Hal", "Ike", "Jo",
    ]

    static func people(count: Int) -> [BenchPerson] {
        var state: UInt64 = 0x5EED
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return (0..<count).map { _ in
            let tagCount = Int(next() % 4)
            return BenchPerson(
                name: names[Int(next() % UInt64(names.count))], age: Int(next() % 80),
                score: Double(next() % 3000) / 1000, tags: (0..<tagCount).map { _ in tagPool[Int(next() % UInt64(tagPool.count))] })
        }
    }
}
