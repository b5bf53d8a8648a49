import Evaluation
import Foundation

/// The benchmark's object: `{name, age, score, tags}`.
///
/// Its key table declares `age` and `score` by key path (stored numbers the batch entry point
/// `count(in:)` reads in place) and the other keys with plain closures, so the compiled engine
/// reads `age > 30` as an unboxed `Int` comparison (`.int`), `name CONTAINS[cd] 'an'` as a search
/// of the unboxed `String` (`.string`), and `ANY tags == 'x'` through an array of strings
/// (`.strings`, boxed per object).
struct Person: PredicateKeyed, Sendable {
    var name: String
    var age: Int
    var score: Double
    var tags: [String]

    static let predicateKeys = PredicateKeys<Person>([
        "name": .string { $0.name },
        "age": .int(\.age),
        "score": .double(\.score),
        "tags": .strings { $0.tags },
    ])

    /// The same object as a Foundation-style dictionary.
    var dictionary: [String: Any] {
        ["name": name, "age": age, "score": score, "tags": tags]
    }
}

/// Seeded generation of the benchmark's people.
///
/// Names come from ``names`` (about a third non-ASCII: `Zoë`, `Ángel`, `Sebastián`, …), ages
/// are uniform in 0…89, scores uniform in [0, 5), and each person has 0–4 distinct tags drawn
/// from ``tags``.
enum People {
    /// First names, ASCII and non-ASCII, chosen so that every row matches a fair share:
    /// `CONTAINS[cd] 'an'` also matches through case (`Ángel`) and diacritics (`Sebastián`),
    /// `LIKE '*an?'` matches `Ivana`, `Žana`, `Diana`, ….
    static let names: [String] = [
        "Anna", "Ivan", "Ivana", "Diana", "Jana", "Hana", "Stefan", "Daniel", "Brian", "Susan",
        "Ryan", "Nathan", "Jonas", "Emma", "Olivia", "Liam", "Noah", "Mia", "Lucas", "Sofia",
        "Mateo", "Elena", "Hannah", "Leon", "Sara", "Oscar", "Chen", "Yuki", "Omar", "Fatima",
        "Grace", "Victor", "Zoë", "Ángel", "Renée", "José", "Chloé", "Noël", "Björn", "Søren",
        "Łukasz", "François", "Anaïs", "Iñaki", "Žana", "Jürgen", "Sebastián", "Adrián",
        "Ayşe", "Tomáš", "Ángela", "Dušan",
    ]

    /// The tag vocabulary; `ANY tags == 'x'` looks for the first.
    static let tags: [String] = ["x", "swift", "admin", "beta", "vip", "new", "eu", "us", "mobile", "web"]

    /// The twenty names of the `IN` row (ASCII and non-ASCII).
    static let inNames: [String] = [
        "Anna", "Ivan", "Diana", "Stefan", "Daniel", "Emma", "Liam", "Sofia", "Elena", "Oscar",
        "Zoë", "Ángel", "Renée", "José", "Björn", "Søren", "Łukasz", "François", "Iñaki", "Dušan",
    ]

    /// `count` people from `seed`.
    static func make(count: Int, seed: UInt64) -> [Person] {
        var random = SplitMix64(seed: seed)
        var people: [Person] = []
        people.reserveCapacity(count)
        for _ in 0..<count {
            let name = names[Int.random(in: 0..<names.count, using: &random)]
            let age = Int.random(in: 0..<90, using: &random)
            let score = Double.random(in: 0..<5, using: &random)
            let tagCount = Int.random(in: 0...4, using: &random)
            var chosen: [String] = []
            chosen.reserveCapacity(tagCount)
            while chosen.count < tagCount {
                let tag = tags[Int.random(in: 0..<tags.count, using: &random)]
                if !chosen.contains(tag) { chosen.append(tag) }
            }
            people.append(Person(name: name, age: age, score: score, tags: chosen))
        }
        return people
    }
}
