import Foundation
import KeyPaths
import Predicates
import TestSupport
import Testing

/// Seeded property tests of the schema check on the sample model:
/// 1. predicates built to be valid from the schema (every key path, type and to-many rule
///    respected) produce no diagnostic — no false positives;
/// 2. the same predicates with exactly one defect (a typo in a key, a quantifier removed from
///    a to-many path or added to a single-valued one, a constant of the wrong type) produce
///    exactly one diagnostic, with the expected id, under exactly the expected text.
///
/// `PREDICATE_SEED=<seed>` replays a failure (the failing case's seed is printed, with the
/// predicate shrunk to its smallest failing set of conjuncts); `PREDICATE_CASES` sets the
/// number of cases (default 10,000).
@Suite("Checking: generated predicates")
struct CheckingPropertyTests {
    @Test("valid predicates pass; one defect gives exactly one diagnostic under the defect")
    func generated() throws {
        let schema = try CheckingSample.schema()
        let catalogue = PathCatalogue(schema: schema)
        let run = PropertyRun("CheckingPropertyTests", defaultCases: 10_000)
        var failures = 0
        for index in 0..<run.cases where failures < 3 {
            let seed = run.caseSeed(index)
            var generator = CheckingGenerator(seed: seed, catalogue: catalogue)
            let entity = generator.pick(catalogue.entities)
            let conjuncts = (0..<generator.int(1...4)).map { _ in generator.conjunct(from: entity) }
            let checker = Checker(schema: schema, entity: entity)
            // 1. No false positives.
            if let problem = Self.validProblem(conjuncts, checker: checker) {
                let shrunk = Self.shrink(conjuncts) { Self.validProblem($0, checker: checker) != nil }
                let text = Self.join(shrunk)
                Issue.record("seed \(seed), \(entity): \(text)\nexpected no diagnostics, got:\n\(problem)")
                failures += 1
                continue
            }
            // 2. One defect, one diagnostic.
            let candidates = conjuncts.indices.filter { !conjuncts[$0].mutations.isEmpty }
            guard let position = candidates.isEmpty ? nil : generator.pick(candidates) else { continue }
            let mutation = generator.pick(conjuncts[position].mutations)
            var mutated = conjuncts
            mutated[position] = Conjunct(text: mutation.text)
            if Self.mutationProblem(mutated, mutation, checker: checker) != nil {
                // Shrink: drop the other conjuncts while the failure stays.
                let others = mutated.enumerated().filter { $0.offset != position }.map(\.element)
                let kept = Self.shrink(others, minimum: 0) {
                    Self.mutationProblem($0 + [mutated[position]], mutation, checker: checker) != nil
                }
                let smallest =
                    Self.mutationProblem(kept + [mutated[position]], mutation, checker: checker) == nil
                    ? mutated : kept + [mutated[position]]
                let problem = Self.mutationProblem(smallest, mutation, checker: checker) ?? ""
                Issue.record("seed \(seed), \(entity): \(Self.join(smallest))\n\(problem)")
                failures += 1
            }
        }
    }

    static func join(_ conjuncts: [Conjunct]) -> String { join(conjuncts.map(\.text)) }
    static func join(_ texts: [String]) -> String { texts.map { "(\($0))" }.joined(separator: " AND ") }

    /// The rendered diagnostics of a predicate that should be valid, or `nil` when it is.
    static func validProblem(_ conjuncts: [Conjunct], checker: Checker) -> String? {
        let text = join(conjuncts)
        do {
            let found = checker.diagnostics(for: try PredicateNode(format: text), source: text)
            return found.isEmpty ? nil : found.map { $0.render(in: text) }.joined(separator: "\n")
        } catch {
            return "parse error: \(error)"
        }
    }

    /// What is wrong with the diagnostics of a predicate with one defect, or `nil`.
    static func mutationProblem(_ conjuncts: [Conjunct], _ mutation: Mutation, checker: Checker) -> String? {
        let text = join(conjuncts)
        let found: [Diagnostic]
        do {
            found = checker.diagnostics(for: try PredicateNode(format: text), source: text)
        } catch {
            return "parse error: \(error)"
        }
        let rendered = found.map { $0.render(in: text) }.joined(separator: "\n")
        guard found.count == 1, let diagnostic = found.first else {
            return "expected one \(mutation.id) under '\(mutation.underlined)', got \(found.count):\n\(rendered)"
        }
        let bytes = Array(text.utf8)
        let range = diagnostic.range
        let underlined =
            range.upperBound <= bytes.count
            ? String(decoding: bytes[range.lowerBound..<range.upperBound], as: UTF8.self) : "<out of range>"
        if diagnostic.id != mutation.id || underlined != mutation.underlined {
            return
                "expected \(mutation.id) under '\(mutation.underlined)', got \(diagnostic.id) under '\(underlined)':\n\(rendered)"
        }
        return nil
    }

    /// Removes conjuncts one at a time while `fails` stays true, keeping at least `minimum`.
    static func shrink(_ conjuncts: [Conjunct], minimum: Int = 1, fails: ([Conjunct]) -> Bool) -> [Conjunct] {
        var current = conjuncts
        var index = 0
        while index < current.count, current.count > minimum {
            var smaller = current
            smaller.remove(at: index)
            if fails(smaller) { current = smaller } else { index += 1 }
        }
        return current
    }
}

/// The schema check from one entity, as the property test calls it: the diagnostics of
/// `CheckedPredicate` for a predicate and its source.
struct Checker {
    let schema: Schema
    let entity: String

    func diagnostics(for predicate: PredicateNode, source: String) -> [Diagnostic] {
        predicate.check(against: schema, entity: entity, source: source)
    }
}

/// One valid comparison and the single-defect variants of it.
struct Conjunct {
    var text: String
    var mutations: [Mutation] = []
}

/// A variant of a conjunct with one defect: the diagnostic id expected and the source text
/// its caret must cover.
struct Mutation {
    var text: String
    var id: String
    var underlined: String
}

/// Every key path of up to three components from each entity of a schema, with what it ends
/// on and whether it crosses a to-many relationship.
struct PathCatalogue {
    enum End {
        case attribute(StaticType)
        case toOne
        case toMany
    }

    struct Path {
        var keys: [String]
        var spelled: [String]
        var end: End
        var crossesToMany: Bool
        var text: String { spelled.joined(separator: ".") }
    }

    var entities: [String]
    var paths: [String: [Path]] = [:]
    private(set) var spelling: [String: String] = [:]

    init(schema: Schema) {
        entities = schema.entityNames
        var spelling: [String: String] = [:]
        func spell(_ key: String) -> String {
            if let known = spelling[key] { return known }
            let plain = (try? PredicateNode(format: "\(key) == 1")) != nil
            spelling[key] = plain ? key : "#" + key
            return spelling[key] ?? key
        }
        func walk(_ entity: String, prefix: [String], crosses: Bool, into result: inout [Path]) {
            for property in schema.allProperties(of: entity) {
                let keys = prefix + [property.name]
                let spelled = keys.map(spell)
                switch property {
                case .attribute(let attribute):
                    result.append(
                        Path(
                            keys: keys, spelled: spelled, end: .attribute(StaticType(attribute.type)),
                            crossesToMany: crosses))
                case .relationship(let relationship):
                    let crossing = crosses || relationship.isToMany
                    result.append(
                        Path(
                            keys: keys, spelled: spelled, end: relationship.isToMany ? .toMany : .toOne,
                            crossesToMany: crosses))
                    if keys.count < 3 {
                        walk(relationship.destination, prefix: keys, crosses: crossing, into: &result)
                    }
                }
            }
        }
        for entity in entities {
            var result: [Path] = []
            walk(entity, prefix: [], crosses: false, into: &result)
            paths[entity] = result
        }
        self.spelling = spelling
    }
}

/// Builds random valid conjuncts over the catalogue.
struct CheckingGenerator {
    var random: SplitMix64
    let catalogue: PathCatalogue

    init(seed: UInt64, catalogue: PathCatalogue) {
        random = SplitMix64(seed: seed)
        self.catalogue = catalogue
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// A valid constant of a type, and one of an incompatible type.
    func constants(for type: StaticType) -> (valid: String, wrong: String)? {
        switch type {
        case .string: ("\"ab\"", "7")
        case .integer, .floating: ("3", "\"seven\"")
        case .date: ("CAST(100, \"NSDate\")", "\"yesterday\"")
        case .boolean: ("YES", "\"yes\"")
        default: nil
        }
    }

    /// Operators (with their right side) valid for a type; the flag says whether it is a
    /// plain comparison (`==`, `<`…) where a wrong constant is a type mismatch.
    func operators(for type: StaticType, constant: String) -> [(text: String, plain: Bool)] {
        var result: [(String, Bool)] = ["==", "!=", "<", ">="].map { ("\($0) \(constant)", true) }
        switch type {
        case .string:
            result += ["BEGINSWITH", "ENDSWITH", "CONTAINS[cd]", "LIKE[c]", "MATCHES"].map {
                ("\($0) \(constant)", false)
            }
            result.append(("IN {\"a\", \"b\"}", false))
        case .integer, .floating:
            result += [("BETWEEN {1, 5}", false), ("IN {1, 2, 3}", false)]
        case .date:
            result.append(("BETWEEN {CAST(0, \"NSDate\"), CAST(100, \"NSDate\")}", false))
        default:
            break
        }
        return result
    }

    /// A typo in component `index` of `path`, written as the check must underline it.
    static func typo(_ path: PathCatalogue.Path, at index: Int) -> (text: String, underlined: String) {
        var spelled = path.spelled
        spelled[index] = path.keys[index] + "Qz"
        return (spelled.joined(separator: "."), spelled[index])
    }

    mutating func conjunct(from entity: String) -> Conjunct {
        let path = pick(catalogue.paths[entity] ?? [])
        let text = path.text
        let typoIndex = int(0...(path.keys.count - 1))
        func typoMutation(_ make: (String) -> String) -> Mutation {
            let (typed, underlined) = Self.typo(path, at: typoIndex)
            return Mutation(text: make(typed), id: "unknown-key", underlined: underlined)
        }
        switch path.end {
        case .toOne:
            var mutations = [typoMutation { "\($0) != nil" }]
            if !path.crossesToMany {
                mutations.append(Mutation(text: "\(text) == \"zz\"", id: "type-mismatch", underlined: text))
            }
            return Conjunct(text: "\(text) != nil", mutations: mutations)
        case .toMany:
            return Conjunct(
                text: "\(text).@count > 1",
                mutations: [
                    typoMutation { "\($0).@count > 1" },
                    Mutation(text: "\(text) > 1", id: "to-many-not-allowed", underlined: text),
                ])
        case .attribute(let type):
            guard let (valid, wrong) = constants(for: type) else { return Conjunct(text: "\(text) == nil") }
            let (op, plain) = pick(operators(for: type, constant: valid))
            if path.crossesToMany {
                return manyConjunct(path, from: entity, op: op, constant: valid, typoMutation: typoMutation)
            }
            var mutations = [
                typoMutation { "\($0) \(op)" },
                Mutation(text: "ANY \(text) \(op)", id: "quantifier-needs-collection", underlined: text),
            ]
            if plain {
                let spelling = op.split(separator: " ").first.map(String.init) ?? "=="
                mutations.append(Mutation(text: "\(text) \(spelling) \(wrong)", id: "type-mismatch", underlined: text))
            }
            return Conjunct(text: "\(text) \(op)", mutations: mutations)
        }
    }

    /// An attribute reached through a to-many relationship: under a quantifier, as the
    /// container of IN, or inside a SUBQUERY over its first relationship when that is to-many.
    private mutating func manyConjunct(
        _ path: PathCatalogue.Path, from entity: String, op: String, constant: String,
        typoMutation: ((String) -> String) -> Mutation
    ) -> Conjunct {
        let text = path.text
        let toManyPrefixes = (1..<path.keys.count).filter { length in
            guard let step = catalogue.paths[entity]?.first(where: { $0.keys == Array(path.keys.prefix(length)) }),
                case .toMany = step.end
            else { return false }
            return true
        }
        let form = int(0...4)
        if form == 4, toManyPrefixes.first == 1 {
            // SUBQUERY(first, $x, [ANY] $x.rest op constant).@count > 0
            let quantifier = toManyPrefixes.count > 1 ? "ANY " : ""
            let rest = path.spelled.dropFirst().joined(separator: ".")
            let index = int(1...(path.keys.count - 1))
            let (typed, underlined) = Self.typo(path, at: index)
            let typedRest = typed.split(separator: ".").dropFirst().joined(separator: ".")
            func subquery(_ rest: String) -> String {
                "SUBQUERY(\(path.spelled[0]), $x, \(quantifier)$x.\(rest) \(op)).@count > 0"
            }
            return Conjunct(
                text: subquery(rest),
                mutations: [Mutation(text: subquery(typedRest), id: "unknown-key", underlined: underlined)])
        }
        if form == 3 {
            return Conjunct(text: "\(constant) IN \(text)", mutations: [typoMutation { "\(constant) IN \($0)" }])
        }
        let quantifier = pick(["ANY", "ALL", "NONE", "SOME"])
        var mutations = [typoMutation { "\(quantifier) \($0) \(op)" }]
        if !op.hasPrefix("CONTAINS") {
            mutations.append(Mutation(text: "\(text) \(op)", id: "to-many-not-allowed", underlined: text))
        }
        return Conjunct(text: "\(quantifier) \(text) \(op)", mutations: mutations)
    }
}
