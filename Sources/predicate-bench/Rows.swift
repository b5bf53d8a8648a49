import Evaluation
import Foundation
import Predicates

/// One benchmark row: the predicate text and the hand-written equivalents.
struct BenchRow {
    var title: String
    var format: String
    /// The hand-written Swift closure over structs (the limit).
    var closure: @Sendable (BenchPerson) -> Bool
    /// The hand-written closure over `[String: Any]`.
    var dictionaryClosure: @Sendable ([String: Any]) -> Bool
    /// `#Predicate`, where it can express the row on this platform.
    var foundationPredicate: Predicate<BenchPerson>?
    /// What the closure column does, when it is not obvious.
    var note: String = ""
}

enum BenchRows {
    static func all() -> [BenchRow] {
        let names = Set(BenchData.inNames)
        let nameList = BenchData.inNames
        let inList = BenchData.inNames.map { "'\($0)'" }.joined(separator: ", ")
        return [
            BenchRow(
                title: "age > 30", format: "age > 30",
                closure: { $0.age > 30 },
                dictionaryClosure: { ($0["age"] as? Int).map { $0 > 30 } ?? false },
                foundationPredicate: #Predicate<BenchPerson> { $0.age > 30 }),
            BenchRow(
                title: "name CONTAINS[cd] 'an' AND age > 30", format: "name CONTAINS[cd] 'an' AND age > 30",
                closure: { $0.name.range(of: "an", options: [.caseInsensitive, .diacriticInsensitive]) != nil && $0.age > 30 },
                dictionaryClosure: {
                    ($0["name"] as? String)?.range(of: "an", options: [.caseInsensitive, .diacriticInsensitive]) != nil
                        && (($0["age"] as? Int).map { $0 > 30 } ?? false)
                },
                foundationPredicate: nil,
                note: "closure: `range(of:options: [.caseInsensitive, .diacriticInsensitive])`; #Predicate has no case/diacritic-insensitive contains on Linux"),
            BenchRow(
                title: "ANY tags == 'x'", format: "ANY tags == 'x'",
                closure: { $0.tags.contains("x") },
                dictionaryClosure: { ($0["tags"] as? [String])?.contains("x") ?? false },
                foundationPredicate: #Predicate<BenchPerson> { person in person.tags.contains { $0 == "x" } }),
            BenchRow(
                title: "name IN {…20 names…}", format: "name IN {\(inList)}",
                closure: { names.contains($0.name) },
                dictionaryClosure: { ($0["name"] as? String).map(names.contains) ?? false },
                foundationPredicate: #Predicate<BenchPerson> { nameList.contains($0.name) },
                note: "closure: `Set<String>.contains`; #Predicate: array `contains`"),
            BenchRow(
                title: "name LIKE '*an?'", format: "name LIKE '*an?'",
                closure: { $0.name.dropLast().hasSuffix("an") },
                dictionaryClosure: { ($0["name"] as? String)?.dropLast().hasSuffix("an") ?? false },
                foundationPredicate: nil,
                note: "closure: `dropLast().hasSuffix(\"an\")`; no LIKE in #Predicate"),
            BenchRow(
                title: "score BETWEEN {1, 2}", format: "score BETWEEN {1, 2}",
                closure: { $0.score >= 1 && $0.score <= 2 },
                dictionaryClosure: { ($0["score"] as? Double).map { $0 >= 1 && $0 <= 2 } ?? false },
                foundationPredicate: #Predicate<BenchPerson> { $0.score >= 1 && $0.score <= 2 }),
        ]
    }

    /// Realistic formats for the parse-rate row.
    static let parseFormats = [
        "age > 30",
        "name CONTAINS[cd] %@ AND age > %d",
        "ANY tags == 'x'",
        "name IN {'Ann', 'Bob', 'Cid', 'Dan', 'Eve'}",
        "lastName LIKE[c] $LAST_NAME",
        "score BETWEEN {1, 2} OR (rating >= 4.5 AND NOT archived == YES)",
        "SUBQUERY(residents, $x, $x.firstname == 'Jane' AND $x.lastname == 'Doe').@count != 0",
        "department.name BEGINSWITH 'Eng' AND employees.@count > 10",
        "date >= CAST(694224000.0, 'NSDate') AND date < CAST(694310400.0, 'NSDate')",
        "email MATCHES '[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\\\\.[A-Za-z]{2,64}'",
        "title ==[c] 'inbox' || (unread > 0 && flagged == TRUE)",
        "items.@sum.price < 1000 AND ALL items.quantity > 0",
    ]
}
