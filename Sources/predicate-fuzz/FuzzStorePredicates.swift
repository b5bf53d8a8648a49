import Foundation
import GraphTestSupport
import KeyPaths
import Predicates
import TestSupport

/// Random predicates over a database case's schema, for `query` against `eval --graph`: key
/// paths through to-one relationships, ANY/ALL/NONE, `@count`, `@sum`/`@avg`/`@min`/`@max`,
/// SUBQUERY, BETWEEN, IN, string operators with `[cdn]` options, nil tests, AND/OR/NOT; every
/// key path given as a `%K` argument (so reserved words and non-ASCII names are reached), and
/// constants as `%@` arguments: values the graph holds, or any value of the attribute's type
/// (fractions and huge numbers against integer columns among them).
///
/// Left out for now: arithmetic (a nil operand raises in memory; the lowering's answer to it
/// is issue 17 §9), and properties whose names are no key (`first name`, `🎉`): a predicate
/// cannot name them (`%K` refuses them, `SELF['first name']` indexes dictionaries only).
struct FuzzStorePredicates {
    let schema: Schema
    /// Values of each attribute in the graph, by attribute name.
    let seen: [String: [PredicateValue]]
    var values: StoreValueGenerator

    private mutating func chance(_ percent: UInt64) -> Bool { values.chance(percent) }
    private mutating func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : values.random.pick(items) }

    /// Whether a predicate can name `name` as a key (`%K` takes it).
    static func isKey(_ name: String) -> Bool {
        (try? PredicateParser().parsePredicate("%K == 1", arguments: [.string(name)])) != nil
    }

    /// A predicate on `entity` and its arguments (JSON texts for `--arg`).
    mutating func predicate(_ entity: String, depth: Int) -> (format: String, arguments: [String]) {
        var arguments: [PredicateValue] = []
        let format = predicate(entity, depth: depth, &arguments)
        return (format, arguments.map { $0.jsonText() })
    }

    private mutating func predicate(_ entity: String, depth: Int, _ arguments: inout [PredicateValue]) -> String {
        if depth > 0, chance(30) {
            let connective = chance(50) ? " AND " : " OR "
            let parts = (0..<values.random.int(in: 2...3)).map { _ in predicate(entity, depth: depth - 1, &arguments) }
            return "(" + parts.joined(separator: connective) + ")"
        }
        if depth > 0, chance(10) { return "NOT (" + predicate(entity, depth: depth - 1, &arguments) + ")" }
        let toMany = relationships(of: entity).filter(\.isToMany)
        if let relationship = pick(toMany), chance(35) {
            if let part = collection(relationship, &arguments) { return part }
        }
        guard let (path, attribute) = scalarPath(entity) else { return chance(50) ? "TRUEPREDICATE" : "FALSEPREDICATE" }
        arguments.append(.string(path))
        return comparison("%K", attribute, &arguments)
    }

    private func relationships(of entity: String) -> [RelationshipDescription] {
        schema.allRelationships(of: entity).filter { Self.isKey($0.name) }
    }

    private func attributes(of entity: String) -> [AttributeDescription] {
        schema.allAttributes(of: entity).filter { Self.isKey($0.name) }
    }

    /// `a.b.attribute` through zero to two to-one relationships, and the attribute.
    private mutating func scalarPath(_ entity: String) -> (String, AttributeDescription)? {
        var path: [String] = []
        var current = entity
        for _ in 0..<2 where chance(35) {
            guard let next = pick(relationships(of: current).filter { !$0.isToMany }) else { break }
            path.append(next.name)
            current = next.destination
        }
        guard let attribute = pick(attributes(of: current)) else { return nil }
        return ((path + [attribute.name]).joined(separator: "."), attribute)
    }

    /// A condition over the to-many `relationship`.
    private mutating func collection(_ relationship: RelationshipDescription, _ arguments: inout [PredicateValue])
        -> String?
    {
        let element = relationship.destination
        switch values.random.below(4) {
        case 0:
            guard let attribute = pick(attributes(of: element)) else { return nil }
            arguments.append(.string(relationship.name + "." + attribute.name))
            return (pick(["ANY ", "ALL ", "NONE "]) ?? "") + comparison("%K", attribute, &arguments, allowNil: false)
        case 1:
            arguments.append(.string(relationship.name))
            return "%K.@count \(pick(["==", ">", "<=", "!="]) ?? ">") \(values.random.int(in: 0...3))"
        case 2:
            let numbers = attributes(of: element).filter { Self.numeric.contains($0.type) }
            guard let attribute = pick(numbers), let op = pick(["@sum", "@avg", "@min", "@max"]) else { return nil }
            arguments += [.string(relationship.name), .string(attribute.name)]
            return "%K.\(op).%K \(pick(["<", ">=", "==", "!="]) ?? "<") " + constant(attribute, &arguments)
        default:
            guard let (path, attribute) = scalarPath(element) else { return nil }
            arguments.append(.string(relationship.name))
            arguments.append(.string(path))
            return "SUBQUERY(%K, $x, " + comparison("$x.%K", attribute, &arguments) + ").@count > "
                + String(values.random.int(in: 0...1))
        }
    }

    static let numeric: Set<AttributeType> = [.integer16, .integer32, .integer64, .double, .float, .decimal]

    /// A comparison of the value at `path` (its `%K` argument already given) with constants.
    private mutating func comparison(
        _ path: String, _ attribute: AttributeDescription, _ arguments: inout [PredicateValue], allowNil: Bool = true
    ) -> String {
        if allowNil, chance(8) { return "\(path) \(chance(50) ? "==" : "!=") nil" }
        switch attribute.type {
        case _ where Self.numeric.contains(attribute.type), .date:
            switch values.random.below(8) {
            case 0:
                let low = constant(attribute, &arguments)
                return "\(path) BETWEEN {\(low), \(constant(attribute, &arguments))}"
            case 1:
                let first = constant(attribute, &arguments)
                return "\(path) IN {\(first), \(constant(attribute, &arguments))}"
            default:
                let op = pick(["==", "!=", "<", "<=", ">", ">="]) ?? "=="
                return "\(path) \(op) " + constant(attribute, &arguments)
            }
        case .string, .uri:
            let op =
                pick(["==", "!=", "<", ">=", "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "IN", "MATCHES"]) ?? "=="
            let options = pick(["", "", "[c]", "[d]", "[cd]", "[n]"]) ?? ""
            if op == "IN" {
                return "\(path) IN {\(constant(attribute, &arguments)), %@}" + push(.string("x"), &arguments)
            }
            if op == "LIKE" || op == "MATCHES", chance(60) {
                arguments.append(.string(pick(op == "LIKE" ? Self.likePatterns : Self.regularExpressions) ?? "*"))
                return "\(path) \(op)\(options) %@"
            }
            return "\(path) \(op)\(options) " + constant(attribute, &arguments)
        default:
            return "\(path) \(chance(50) ? "==" : "!=") " + constant(attribute, &arguments)
        }
    }

    /// Appends `value` and gives nothing to the format (for a `%@` already written).
    private func push(_ value: PredicateValue, _ arguments: inout [PredicateValue]) -> String {
        arguments.append(value)
        return ""
    }

    static let likePatterns = ["*", "?", "Z*", "*é*", "*\\*", "ΣΑΣ*", "%_", "?*?", "*s", "i*"]
    static let regularExpressions = [".*", "Z.*", "[a-z]+", ".*é.*", "(?i)σας", "\\d+", "a|b"]
    static let numbers: [PredicateValue] = [
        .double(1.5), .double(-0.0), .int(3_000_000_000), .double(1e300), .double(-2.5), .int(Int.max), .int(Int.min),
        .int(0), .int(9_007_199_254_740_993), .int(32_767), .int(-32_769), .int(2_147_483_648),
    ]

    /// `%@` with a value of the attribute's type as its argument: one the graph holds, an edge,
    /// or any value.
    private mutating func constant(_ attribute: AttributeDescription, _ arguments: inout [PredicateValue]) -> String {
        var value: PredicateValue?
        if chance(50), let held = pick(seen[attribute.name] ?? []) {
            value = held
        } else if Self.numeric.contains(attribute.type), chance(40) {
            value = pick(Self.numbers)
        } else {
            value = values.value(attribute.type)
        }
        guard let value, value.isJSONArgument else { return "nil" }
        arguments.append(value)
        return "%@"
    }
}

extension PredicateValue {
    /// Whether `--arg` can give the value: JSON has no infinities and no NaN.
    fileprivate var isJSONArgument: Bool {
        switch self {
        case .double(let double): double.isFinite
        case .date(let date): date.timeIntervalSinceReferenceDate.isFinite
        case .array(let items): items.allSatisfy(\.isJSONArgument)
        case .set(let items): items.allSatisfy(\.isJSONArgument)
        case .dictionary(let items): items.values.allSatisfy(\.isJSONArgument)
        default: true
        }
    }
}
