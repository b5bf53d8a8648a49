import KeyPaths
import Predicates

/// Facts about a schema that the object graph, its evaluation and the change matcher look up
/// on every object, computed once per schema and shared by every copy of a graph: entity
/// numbers, the hierarchy each entity belongs to, "is a kind of" as an interval test, and the
/// column of every property within its hierarchy's table.
///
/// Sizes grow with the number of entities and declared properties, never with their product:
/// a 100,000-entity schema costs a few arrays of 100,000 numbers.
final class GraphLayout: Sendable {
    /// Entity names by number (the schema's declaration order, first of each name).
    let names: [String]
    /// Entity numbers by name.
    let numbers: [String: Int]
    /// For each entity, the number of the top entity of its hierarchy.
    let hierarchyRoots: [Int]
    /// For each entity, its hierarchy's index in ``hierarchies``.
    let hierarchyOf: [Int]
    /// The hierarchies, by index: the number of each top entity.
    let hierarchies: [Int]
    /// Hierarchy indexes by the name of their top entity.
    let hierarchyIndex: [String: Int]
    /// For each entity, whether it is abstract.
    let abstract: [Bool]
    /// Pre-order position of each entity in the inheritance forest, and the end of its
    /// sub-tree: `b` is `a` or one of its sub-entities exactly when `pre[a] <= pre[b] < end[a]`.
    private let preorder: [Int]
    private let subtreeEnd: [Int]
    /// Per hierarchy, the column of each attribute, to-one and to-many relationship name.
    let attributeColumns: [[String: Int]]
    let toOneColumns: [[String: Int]]
    let toManyColumns: [[String: Int]]
    /// Per hierarchy and relationship column: the destination's hierarchy and whether the
    /// relationship keeps its order.
    let toOneDestinations: [[Int]]
    let toManyDestinations: [[(hierarchy: Int, ordered: Bool)]]
    let schema: Schema

    init(schema: Schema) {
        self.schema = schema
        var names: [String] = []
        var numbers: [String: Int] = [:]
        for entity in schema.entities where numbers[entity.name] == nil {
            numbers[entity.name] = names.count
            names.append(entity.name)
        }
        // Parents by number; an unknown parent or a cycle makes the entity a root.
        var parent = [Int](repeating: -1, count: names.count)
        for (number, name) in names.enumerated() {
            let ancestors = schema.ancestors(of: name)
            if let first = ancestors.first, let parentNumber = numbers[first] { parent[number] = parentNumber }
        }
        var children = [[Int]](repeating: [], count: names.count)
        for (number, up) in parent.enumerated() where up >= 0 { children[up].append(number) }
        var preorder = [Int](repeating: 0, count: names.count)
        var subtreeEnd = [Int](repeating: 0, count: names.count)
        var roots = [Int](repeating: 0, count: names.count)
        var hierarchies: [Int] = []
        var hierarchyOf = [Int](repeating: 0, count: names.count)
        var counter = 0
        // Iterative depth-first walk (no recursion, whatever the depth of the inheritance).
        for root in 0..<names.count where parent[root] < 0 {
            let index = hierarchies.count
            hierarchies.append(root)
            var stack: [(entity: Int, next: Int)] = [(root, 0)]
            preorder[root] = counter
            counter += 1
            roots[root] = root
            hierarchyOf[root] = index
            while let top = stack.last {
                if top.next < children[top.entity].count {
                    let child = children[top.entity][top.next]
                    stack[stack.count - 1].next += 1
                    preorder[child] = counter
                    counter += 1
                    roots[child] = root
                    hierarchyOf[child] = index
                    stack.append((child, 0))
                } else {
                    subtreeEnd[top.entity] = counter
                    stack.removeLast()
                }
            }
        }
        var attributes = [[String: Int]](repeating: [:], count: hierarchies.count)
        var toOne = [[String: Int]](repeating: [:], count: hierarchies.count)
        var toMany = [[String: Int]](repeating: [:], count: hierarchies.count)
        var toOneRelationships = [[RelationshipDescription]](repeating: [], count: hierarchies.count)
        var toManyRelationships = [[RelationshipDescription]](repeating: [], count: hierarchies.count)
        for entity in schema.entities {
            guard let number = numbers[entity.name] else { continue }
            let hierarchy = hierarchyOf[number]
            for attribute in entity.attributes where attributes[hierarchy][attribute.name] == nil {
                attributes[hierarchy][attribute.name] = attributes[hierarchy].count
            }
            for relationship in entity.relationships {
                if relationship.isToMany, toMany[hierarchy][relationship.name] == nil {
                    toMany[hierarchy][relationship.name] = toMany[hierarchy].count
                    toManyRelationships[hierarchy].append(relationship)
                } else if !relationship.isToMany, toOne[hierarchy][relationship.name] == nil {
                    toOne[hierarchy][relationship.name] = toOne[hierarchy].count
                    toOneRelationships[hierarchy].append(relationship)
                }
            }
        }
        let hierarchyIndex = Dictionary(
            hierarchies.enumerated().map { (names[$0.element], $0.offset) }, uniquingKeysWith: { first, _ in first })
        self.names = names
        self.numbers = numbers
        self.hierarchyRoots = roots
        self.hierarchyOf = hierarchyOf
        self.hierarchies = hierarchies
        self.hierarchyIndex = hierarchyIndex
        self.abstract = names.map { schema.entity(named: $0)?.isAbstract ?? false }
        self.preorder = preorder
        self.subtreeEnd = subtreeEnd
        self.attributeColumns = attributes
        self.toOneColumns = toOne
        self.toManyColumns = toMany
        self.toOneDestinations = toOneRelationships.map { list in
            list.map { numbers[$0.destination].map { hierarchyOf[$0] } ?? -1 }
        }
        self.toManyDestinations = toManyRelationships.map { list in
            list.map { (numbers[$0.destination].map { hierarchyOf[$0] } ?? -1, $0.isOrdered) }
        }
    }

    /// Whether entity number `entity` is `ancestor` or one of its sub-entities.
    func isKind(_ entity: Int, of ancestor: Int) -> Bool {
        preorder[ancestor] <= preorder[entity] && preorder[entity] < subtreeEnd[ancestor]
    }

    /// The name of the top entity of `entity`'s hierarchy, or `nil` for an unknown entity.
    func hierarchy(of entity: String) -> String? {
        numbers[entity].map { names[hierarchyRoots[$0]] }
    }

    /// The hierarchy index of an entity, or `nil` for an unknown one.
    func hierarchyIndex(of entity: String) -> Int? {
        numbers[entity].map { hierarchyOf[$0] }
    }

    /// The property `key` visible on entity number `entity` (declared or inherited).
    func property(_ key: String, of entity: Int) -> PropertyDescription? {
        schema.property(named: key, in: names[entity])
    }

    /// Every property visible on entity number `entity`.
    func properties(of entity: Int) -> [PropertyDescription] {
        schema.allProperties(of: names[entity])
    }

    /// The relationship `key` of entity number `entity` and its inverse on the destination,
    /// when both exist.
    func relationship(_ key: String, of entity: Int) -> (RelationshipDescription, RelationshipDescription?)? {
        guard case .relationship(let relationship) = property(key, of: entity) else { return nil }
        guard let inverseName = relationship.inverse, numbers[relationship.destination] != nil,
            schema.hasReciprocalInverse(relationship, of: names[entity]),
            case .relationship(let inverse) = schema.property(named: inverseName, in: relationship.destination)
        else { return (relationship, nil) }
        return (relationship, inverse)
    }
}
