import Evaluation
import KeyPaths
import Predicates

/// Facts about a schema that the object graph and the change matcher look up on every object:
/// entity numbers, the hierarchy each entity belongs to, "is a kind of" as a table, and every
/// entity's visible properties (inherited ones included). Computed once per graph.
struct GraphLayout: Sendable {
    /// Entity names by number (the schema's declaration order, first of each name).
    let names: [String]
    /// Entity numbers by name.
    let numbers: [String: Int]
    /// For each entity, the number of the top entity of its hierarchy.
    let hierarchyRoots: [Int]
    /// For each entity, whether it is abstract.
    let abstract: [Bool]
    /// `kinds[a * count + b]`: entity `a` is `b` or one of its sub-entities.
    private let kinds: [Bool]
    /// For each entity, its visible properties by name.
    let properties: [[String: PropertyDescription]]

    init(schema: Schema) {
        var names: [String] = []
        var numbers: [String: Int] = [:]
        for entity in schema.entities where numbers[entity.name] == nil {
            numbers[entity.name] = names.count
            names.append(entity.name)
        }
        let count = names.count
        var roots: [Int] = []
        var abstract: [Bool] = []
        var kinds = [Bool](repeating: false, count: count * count)
        var properties: [[String: PropertyDescription]] = []
        for (number, name) in names.enumerated() {
            let ancestors = schema.ancestors(of: name)
            roots.append(ancestors.last.flatMap { numbers[$0] } ?? number)
            abstract.append(schema.entity(named: name)?.isAbstract ?? false)
            kinds[number * count + number] = true
            for ancestor in ancestors {
                if let other = numbers[ancestor] { kinds[number * count + other] = true }
            }
            var table: [String: PropertyDescription] = [:]
            for property in schema.allProperties(of: name) {
                table[property.name] = schema.property(named: property.name, in: name) ?? property
            }
            properties.append(table)
        }
        self.names = names
        self.numbers = numbers
        self.hierarchyRoots = roots
        self.abstract = abstract
        self.kinds = kinds
        self.properties = properties
    }

    /// Whether entity number `entity` is `ancestor` or one of its sub-entities.
    func isKind(_ entity: Int, of ancestor: Int) -> Bool {
        kinds[entity * names.count + ancestor]
    }

    /// The name of the top entity of `entity`'s hierarchy, or `nil` for an unknown entity.
    func hierarchy(of entity: String) -> String? {
        numbers[entity].map { names[hierarchyRoots[$0]] }
    }

    /// The property `key` visible on entity number `entity`.
    func property(_ key: String, of entity: Int) -> PropertyDescription? {
        properties[entity][key]
    }

    /// The relationship `key` of entity number `entity` and its inverse on the destination,
    /// when both exist.
    func relationship(_ key: String, of entity: Int) -> (RelationshipDescription, RelationshipDescription?)? {
        guard case .relationship(let relationship) = properties[entity][key] else { return nil }
        guard let inverseName = relationship.inverse, let destination = numbers[relationship.destination],
            case .relationship(let inverse) = properties[destination][inverseName]
        else { return (relationship, nil) }
        return (relationship, inverse)
    }
}
