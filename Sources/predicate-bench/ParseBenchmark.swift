import Foundation
import Predicates

/// The parse row: realistic predicates, parsed again and again with ``PredicateParser``.
///
/// The set mixes literals and format arguments (`%@`, `%K`, `%d`), key paths through
/// relationships, options, aggregates, SUBQUERY, functions, arithmetic and variables, at the
/// lengths an app writes (20 to 110 characters).
enum ParseBenchmark {
    /// A format string and its arguments.
    struct Sample {
        let format: String
        let arguments: [PredicateValue]
    }

    /// Twenty-two realistic predicates, half of them with arguments.
    static let samples: [Sample] = [
        Sample(format: "age > 30", arguments: []),
        Sample(format: "name CONTAINS[cd] %@ AND age > %d", arguments: ["an", 30]),
        Sample(format: "ANY tags == 'x'", arguments: []),
        Sample(format: "name IN %@", arguments: [["Anna", "Zoë", "Ángel", "Ivan", "José"]]),
        Sample(format: "name LIKE[c] '*an?'", arguments: []),
        Sample(format: "score BETWEEN {1, 2.5}", arguments: []),
        Sample(format: "bucket.name BEGINSWITH %@", arguments: ["Bucket 1"]),
        Sample(
            format: "creationDate >= CAST(600000000, 'NSDate') AND creationDate < %@",
            arguments: [.date(Date(timeIntervalSinceReferenceDate: 700_000_000))]),
        Sample(
            format: "(status == 'open' OR status == 'pending') AND priority >= 2 AND assignee != nil", arguments: []),
        Sample(format: "SUBQUERY(items, $item, $item.price > 10 AND $item.quantity >= 2).@count > 0", arguments: []),
        Sample(format: "employees.@avg.salary > %@ AND department.name ==[c] %@", arguments: [50_000, "Sales"]),
        Sample(format: #"email MATCHES '[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}'"#, arguments: []),
        Sample(format: "NOT (title ENDSWITH[cd] 'draft') AND isPublished == YES", arguments: []),
        Sample(format: "ALL children.age >= %d", arguments: [18]),
        Sample(format: "NONE reviews.rating < 3", arguments: []),
        Sample(format: "%K == %@", arguments: ["username", "zoë"]),
        Sample(format: "tags[SIZE] > 2 AND tags[FIRST] == 'swift'", arguments: []),
        Sample(format: "price * quantity > 100.5 AND discount < 0.25", arguments: []),
        Sample(format: "owner.name BEGINSWITH[c] %@ OR owner.name ENDSWITH[c] %@", arguments: ["a", "z"]),
        Sample(
            format: "identifier == %@",
            arguments: [.uuid(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)))]),
        Sample(format: "$MIN <= age AND age <= $MAX AND lowercase(name) BEGINSWITH 'a'", arguments: []),
        Sample(format: "bucket.owner.name ==[cd] %@ AND content.@count > 0", arguments: ["Renée"]),
    ]

    /// Parses every sample once (outside the timing) so that a broken sample fails loudly.
    static func validate() throws {
        let parser = PredicateParser()
        for sample in samples { _ = try parser.parsePredicate(sample.format, arguments: sample.arguments) }
    }

    /// One run: `rounds` passes over the samples; returns the number of predicates parsed.
    static func run(rounds: Int) throws -> Int {
        let parser = PredicateParser()
        var parsed = 0
        for _ in 0..<rounds {
            for sample in samples {
                let node = try parser.parsePredicate(sample.format, arguments: sample.arguments)
                parsed += withExtendedLifetime(node) { 1 }
            }
        }
        return parsed
    }
}
