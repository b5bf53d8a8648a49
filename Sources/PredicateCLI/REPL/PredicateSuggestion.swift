import Evaluation
import KeyPaths
import ObjectStore
import Predicates

/// A predicate to try, made from what is loaded, for the banner and `:help`: it names real
/// keys and, when there are objects, real values, so it matches at least the object it was
/// taken from.
///
/// | loaded | suggestion |
/// |---|---|
/// | the bundled sample, entity Content | `bucket.name == "Inbox" AND ANY tags.name == "work"` |
/// | a graph whose first Book has `title` "Dune" and no relationship | `title == "Dune"` |
/// | a JSON array whose first object is `{"name": "Zoë", "age": 31}` | `name == "Zoë"` |
/// | a schema without objects, entity Book with a string attribute `title` | `title != nil` |
///
/// Values are strings, else integers or booleans, from the first object (by id) that has one;
/// `name` and `title` are preferred, then the first attribute declared. Up to two conditions:
/// one through a to-one relationship (else on the object itself) and one through a to-many
/// relationship with `ANY`. The text is the canonical form of a parsed predicate, so reserved
/// words get their `#` and quotes are escaped.
enum PredicateSuggestion {
    /// The keys preferred for a condition, in order.
    static let preferredKeys = ["name", "title"]

    /// A predicate over the objects of `entity` in `graph`; without objects, one from the
    /// schema alone; `nil` when the entity has no attribute to test.
    static func suggestion(graph: ObjectGraph, entity: String) -> String? {
        let schema = graph.schema
        for object in graph.objects(of: entity).prefix(20) {
            var parts: [(keyPath: String, value: PredicateValue, any: Bool)] = []
            let relationships = schema.allRelationships(of: entity)
            let toOne = relationships.filter { !$0.isToMany }.lazy.compactMap { relationship in
                condition(through: relationship.name, from: object, in: graph).map {
                    (relationship.name + "." + $0.key, $0.value)
                }
            }.first
            if let (keyPath, value) = toOne ?? ownCondition(of: object, in: graph) {
                parts.append((keyPath, value, false))
            }
            let toMany = relationships.filter(\.isToMany).lazy.compactMap { relationship in
                condition(through: relationship.name, from: object, in: graph).map {
                    (relationship.name + "." + $0.key, $0.value)
                }
            }.first
            if let (keyPath, value) = toMany { parts.append((keyPath, value, true)) }
            if !parts.isEmpty { return format(parts) }
        }
        return suggestion(schema: schema, entity: entity)
    }

    /// A predicate from the schema alone: `KEY != nil` on the preferred string attribute.
    static func suggestion(schema: Schema, entity: String) -> String? {
        let attributes = schema.allAttributes(of: entity)
        let strings = attributes.filter { $0.type == .string }
        guard let attribute = preferred(strings.map(\.name)) ?? attributes.first?.name else { return nil }
        return canonical("%K != nil", [.string(attribute)])
    }

    /// A predicate over a JSON array: a key of the first object that has a string, number or
    /// boolean value; `SELF == value` for an array of such values.
    static func suggestion(values: [PredicateValue]) -> String? {
        for value in values.prefix(20) {
            switch value {
            case .dictionary(let object):
                let keys = object.keys.sorted().filter { isSuggestable(object[$0]) }
                let strings = keys.filter { if case .string? = object[$0] { true } else { false } }
                if let key = preferred(strings) ?? keys.first, let found = object[key] {
                    return canonical("%K == %@", [.string(key), found])
                }
            case .string, .int, .bool:
                return canonical("SELF == %@", [value])
            default:
                continue
            }
        }
        return nil
    }

    /// `(key, value)` of a destination of `relationship` (the first one, for a to-many).
    private static func condition(through relationship: String, from object: ObjectID, in graph: ObjectGraph)
        -> (key: String, value: PredicateValue)?
    {
        let destination: ObjectID?
        switch try? graph.value(forKey: relationship, of: object) {
        case .toOne(let target)?: destination = target
        case .toMany(let targets)?: destination = targets.first
        default: destination = nil
        }
        return destination.flatMap { ownCondition(of: $0, in: graph) }
    }

    /// `(key, value)` of an attribute of `object` with a suggestable value: the preferred
    /// string attribute, else the first string one declared, else the first other one.
    private static func ownCondition(of object: ObjectID, in graph: ObjectGraph) -> (
        key: String, value: PredicateValue
    )? {
        guard let entity = graph.entity(of: object) else { return nil }
        var values: [(key: String, value: PredicateValue)] = []
        for attribute in graph.schema.allAttributes(of: entity) {
            if case .attribute(let value)? = try? graph.value(forKey: attribute.name, of: object), isSuggestable(value)
            {
                values.append((attribute.name, value))
            }
        }
        let strings = values.filter { if case .string = $0.value { true } else { false } }
        let key = preferred(strings.map(\.key)) ?? strings.first?.key ?? values.first?.key
        return values.first { $0.key == key }
    }

    /// Whether a value reads well in a suggestion: a non-empty string of one line, an integer
    /// or a boolean (dates and binary data print as casts and base64).
    private static func isSuggestable(_ value: PredicateValue?) -> Bool {
        switch value {
        case .string(let text)?: !text.isEmpty && text.count <= 40 && !text.contains(where: \.isNewline)
        case .int?, .bool?: true
        default: false
        }
    }

    /// The first of ``preferredKeys`` among `keys`, else the first key.
    private static func preferred(_ keys: [String]) -> String? {
        preferredKeys.first { keys.contains($0) } ?? keys.first
    }

    /// `a == v1 AND ANY b == v2` in canonical form.
    private static func format(_ parts: [(keyPath: String, value: PredicateValue, any: Bool)]) -> String? {
        let text = parts.map { $0.any ? "ANY %K == %@" : "%K == %@" }.joined(separator: " AND ")
        return canonical(text, parts.flatMap { [PredicateValue.string($0.keyPath), $0.value] })
    }

    /// The canonical text of `format` with `arguments`; `nil` if it does not parse.
    private static func canonical(_ format: String, _ arguments: [PredicateValue]) -> String? {
        (try? PredicateNode(format: format, argumentArray: arguments))?.predicateFormat
    }
}
