import Foundation

/// One column of the evaluation table: who evaluates the row, on which objects.
enum Column: String, CaseIterable, Hashable, CustomStringConvertible {
    /// The hand-written closure inlined into its loop (the absolute limit: the optimiser sees
    /// the test and reads only the fields it needs).
    case inlinedLoop
    /// The hand-written Swift closure on the struct, called as a closure value through the
    /// same loop as the engine.
    case closure
    /// The `CONTAINS[cd]` row only: a hand-written closure that folds the needle once and
    /// takes an ASCII fast path (a second, stronger baseline).
    case foldedClosure
    /// This engine, compiled for `Person` through its key table.
    case engineStruct
    /// The same compiled predicate's batch entry point, `count(in:)` (elements tested in place).
    case engineBatch
    /// The same compiled predicate's own `filter(_:)` (it also builds the result array).
    case engineFilter
    /// `people.filter(closure)`, the hand-written counterpart of ``engineFilter``.
    case closureFilter
    /// A hand-written closure over the `[String: Any]` dictionaries.
    case dictionaryClosure
    /// This engine, compiled for `[String: Any]`.
    case engineDictionary
    /// The reference interpreter on the struct (wrapped once as an object value, read through
    /// its key table by name).
    case interpreter
    /// swift-foundation's `#Predicate` on the struct.
    case foundationPredicate

    /// The columns of the separate `filter` table.
    static let filterColumns: [Column] = [.closureFilter, .engineFilter]

    var description: String {
        switch self {
        case .inlinedLoop: "closure inlined in loop (struct)"
        case .closure: "closure (struct)"
        case .foldedClosure: "closure, needle folded once (struct)"
        case .engineStruct: "engine (struct)"
        case .engineBatch: "engine `count(in:)` (struct)"
        case .engineFilter: "engine `filter` (struct)"
        case .closureFilter: "`Array.filter` with the closure (struct)"
        case .dictionaryClosure: "closure (dict)"
        case .engineDictionary: "engine (dict)"
        case .interpreter: "reference interpreter (struct)"
        case .foundationPredicate: "#Predicate (struct)"
        }
    }
}

/// A row of the evaluation table: the predicate text the engine parses and the hand-written
/// equivalents it is measured against.
struct EvaluationRow {
    /// The short name used by `--rows` (`age`, `contains`, …).
    let id: String
    /// The label printed in the table.
    let label: String
    /// The format string the engine parses.
    let format: String
    /// The hand-written closure on the struct.
    let closure: (Person) -> Bool
    /// The same closure inlined into a counting loop over the people.
    let inlinedLoop: ([Person]) -> Int
    /// The second baseline of the `CONTAINS[cd]` row.
    let foldedClosure: ((Person) -> Bool)?
    /// The hand-written closure on the dictionaries.
    let dictionaryClosure: ([String: Any]) -> Bool
    /// `#Predicate`, or why it cannot express the row.
    let foundation: Result<Foundation.Predicate<Person>, NotExpressible>
    /// Whether the "within 3× of the closure" target applies.
    let isSimpleComparison: Bool
}

/// Why `#Predicate` has no cell in a row.
struct NotExpressible: Error {
    let reason: String
}

/// The six rows of issue 3.
enum EvaluationRows {
    static func all() -> [EvaluationRow] {
        [age(), contains(), anyTags(), inNames(), like(), between()]
    }

    static func age() -> EvaluationRow {
        let test: (Person) -> Bool = { $0.age > 30 }
        return EvaluationRow(
            id: "age", label: "`age > 30`", format: "age > 30",
            closure: test, inlinedLoop: { countInline($0, test) }, foldedClosure: nil,
            dictionaryClosure: { ($0["age"] as? Int).map { $0 > 30 } ?? false },
            foundation: .success(#Predicate<Person> { $0.age > 30 }),
            isSimpleComparison: true)
    }

    /// The natural closure searches with Foundation's `range(of:options:)`; the folded one
    /// folds the needle once and lower-cases ASCII names byte by byte.
    static func contains() -> EvaluationRow {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        let needle = FoldedNeedle("an", options: options)
        let folded: (Person) -> Bool = { person in needle.isFound(in: person.name) && person.age > 30 }
        let test: (Person) -> Bool = { $0.name.range(of: "an", options: options) != nil && $0.age > 30 }
        return EvaluationRow(
            id: "contains", label: "`name CONTAINS[cd] 'an' AND age > 30`",
            format: "name CONTAINS[cd] 'an' AND age > 30",
            closure: test, inlinedLoop: { countInline($0, test) }, foldedClosure: folded,
            dictionaryClosure: { object in
                guard let name = object["name"] as? String, name.range(of: "an", options: options) != nil else {
                    return false
                }
                return (object["age"] as? Int).map { $0 > 30 } ?? false
            },
            foundation: .failure(
                NotExpressible(
                    reason: "`localizedStandardContains` is FOUNDATION_FRAMEWORK-only (Apple platforms), "
                        + "not in swift-foundation on Linux; no other case- and diacritic-insensitive operator")),
            isSimpleComparison: false)
    }

    static func anyTags() -> EvaluationRow {
        let test: (Person) -> Bool = { $0.tags.contains("x") }
        return EvaluationRow(
            id: "tags", label: "`ANY tags == 'x'`", format: "ANY tags == 'x'",
            closure: test, inlinedLoop: { countInline($0, test) }, foldedClosure: nil,
            dictionaryClosure: { ($0["tags"] as? [String])?.contains("x") ?? false },
            foundation: .success(#Predicate<Person> { $0.tags.contains("x") }),
            isSimpleComparison: false)
    }

    static func inNames() -> EvaluationRow {
        let names = Set(People.inNames)
        let list = People.inNames.map { "'\($0)'" }.joined(separator: ", ")
        let test: (Person) -> Bool = { names.contains($0.name) }
        return EvaluationRow(
            id: "in", label: "`name IN {…20 names…}`", format: "name IN {\(list)}",
            closure: test, inlinedLoop: { countInline($0, test) }, foldedClosure: nil,
            dictionaryClosure: { ($0["name"] as? String).map { names.contains($0) } ?? false },
            foundation: .success(#Predicate<Person> { names.contains($0.name) }),
            isSimpleComparison: true)
    }

    /// `*an?`: the name, less its last character, ends with `an`.
    static func like() -> EvaluationRow {
        let test: (String) -> Bool = { name in !name.isEmpty && name.dropLast().hasSuffix("an") }
        let onPerson: (Person) -> Bool = { test($0.name) }
        return EvaluationRow(
            id: "like", label: "`name LIKE '*an?'`", format: "name LIKE '*an?'",
            closure: onPerson, inlinedLoop: { countInline($0, onPerson) }, foldedClosure: nil,
            dictionaryClosure: { ($0["name"] as? String).map(test) ?? false },
            foundation: .failure(NotExpressible(reason: "#Predicate has no wildcard (LIKE) operator")),
            isSimpleComparison: false)
    }

    static func between() -> EvaluationRow {
        let test: (Person) -> Bool = { $0.score >= 1 && $0.score <= 2 }
        return EvaluationRow(
            id: "between", label: "`score BETWEEN {1, 2}`", format: "score BETWEEN {1, 2}",
            closure: test, inlinedLoop: { countInline($0, test) }, foldedClosure: nil,
            dictionaryClosure: { ($0["score"] as? Double).map { $0 >= 1 && $0 <= 2 } ?? false },
            foundation: .success(#Predicate<Person> { $0.score >= 1 && $0.score <= 2 }),
            isSimpleComparison: true)
    }
}

/// The hand-written "fold the needle once" search: ASCII names are compared byte by byte
/// with `A`–`Z` lowered on the fly (no allocation); other names are folded with Foundation.
struct FoldedNeedle {
    let text: String
    let bytes: [UInt8]
    let options: String.CompareOptions

    init(_ needle: String, options: String.CompareOptions) {
        self.options = options
        text = needle.folding(options: options, locale: nil)
        bytes = Array(text.utf8)
    }

    func isFound(in haystack: String) -> Bool {
        var haystack = haystack
        let ascii: Bool? = haystack.withUTF8 { text in
            guard text.allSatisfy({ $0 < 0x80 }) else { return nil }
            let count = bytes.count
            guard let first = bytes.first, count <= text.count else { return false }
            var start = 0
            while start + count <= text.count {
                if Self.lower(text[start]) == first {
                    var index = 1
                    while index < count, Self.lower(text[start + index]) == bytes[index] { index += 1 }
                    if index == count { return true }
                }
                start += 1
            }
            return false
        }
        if let ascii { return ascii }
        return haystack.folding(options: options, locale: nil).contains(text)
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
