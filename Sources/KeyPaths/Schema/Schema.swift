/// A data model: entities with typed attributes and relationships, in declaration order.
///
/// A schema is built from values (``init(entities:)``), from the JSON schema format
/// (``JSONSchemaLoader``) or from an Xcode Core Data model (``CoreDataModelLoader``).
/// Building never fails; ``validate()`` reports every problem at once. The lookups below
/// include inherited properties, so with the sample model
/// `schema.property(named: "bucket", in: "ImageContent")` finds `Content.bucket`, and
/// `schema.resolve(keyPath: "bucket.owner.name", from: "Content")` walks
/// `Content -> Bucket -> User`.
///
/// Lookups on an unknown entity return empty results (`nil`, `[]`, `false`); they never trap,
/// even on an invalid schema with unknown parents or inheritance cycles.
///
/// Equality, hashing and coding look at ``entities`` only. The coded form is the JSON schema
/// format: `{"entities": [ … ]}`.
public struct Schema: Sendable, Hashable, Codable {
    /// Every entity, in declaration order (duplicates included, as given).
    public let entities: [EntityDescription]
    /// Position of the first entity of each name.
    private let indexByName: [String: Int]
    /// The inheritance forest, linear in the number of entities whatever its shape.
    private let inheritance: SchemaInheritance
    /// For each property name, the entities that declare it (their positions) with the
    /// declaration (the first one when an entity repeats the name).
    private let declarers: [String: [Declaration]]

    /// A property as one entity declares it.
    private struct Declaration: Sendable {
        var position: Int
        var property: PropertyDescription
    }

    /// Creates a schema from its entities (not validated; see ``validate()``).
    ///
    /// The lookup structures take time and memory linear in the number of entities and
    /// properties: a 10,000-deep parent chain costs as much as 10,000 unrelated entities. An
    /// entity's ancestors are found by walking parent links, and a property by looking at the
    /// few entities that declare its name.
    public init(entities: [EntityDescription]) {
        self.entities = entities
        var index: [String: Int] = [:]
        for (position, entity) in entities.enumerated() where index[entity.name] == nil {
            index[entity.name] = position
        }
        indexByName = index
        inheritance = SchemaInheritance(entities: entities, index: index)
        var declarers: [String: [Declaration]] = [:]
        for (position, entity) in entities.enumerated() where index[entity.name] == position {
            var own: Set<String> = []
            for property in entity.properties where own.insert(property.name).inserted {
                declarers[property.name, default: []].append(Declaration(position: position, property: property))
            }
        }
        self.declarers = declarers
    }

    /// The entity names, in declaration order.
    public var entityNames: [String] { entities.map(\.name) }

    /// The entity named `name`, or `nil`.
    public func entity(named name: String) -> EntityDescription? {
        indexByName[name].map { entities[$0] }
    }

    /// The ancestors of `entity`, nearest first (`[]` for a root or an unknown entity).
    public func ancestors(of entity: String) -> [String] {
        guard let position = indexByName[entity] else { return [] }
        return inheritance.ancestors(of: position).map { entities[$0].name }
    }

    /// Whether `entity` is `ancestor` or one of its sub-entities.
    public func isKind(_ entity: String, of ancestor: String) -> Bool {
        guard let position = indexByName[entity] else { return false }
        if entity == ancestor { return true }
        guard let other = indexByName[ancestor] else { return false }
        return inheritance.isAncestor(other, of: position)
    }

    /// The sub-entities of `entity` at any depth, in declaration order.
    public func subentities(of entity: String) -> [String] {
        guard let position = indexByName[entity] else { return [] }
        return inheritance.descendants(of: position).map { entities[$0].name }
    }

    /// The attributes of `entity`, inherited ones first (farthest ancestor first).
    public func allAttributes(of entity: String) -> [AttributeDescription] {
        lineage(of: entity).flatMap { entities[$0].attributes }
    }

    /// The relationships of `entity`, inherited ones first.
    public func allRelationships(of entity: String) -> [RelationshipDescription] {
        lineage(of: entity).flatMap { entities[$0].relationships }
    }

    /// The attributes then the relationships of `entity`, inherited ones included.
    public func allProperties(of entity: String) -> [PropertyDescription] {
        allAttributes(of: entity).map(PropertyDescription.attribute)
            + allRelationships(of: entity).map(PropertyDescription.relationship)
    }

    /// The property `name` of `entity`, declared or inherited (the nearest declaration wins).
    public func property(named name: String, in entity: String) -> PropertyDescription? {
        nearestDeclaration(of: name, in: entity)?.property
    }

    /// The entity that declares the property `name` that `entity` sees.
    public func declaringEntity(ofProperty name: String, in entity: String) -> String? {
        nearestDeclaration(of: name, in: entity).map { entities[$0.position].name }
    }

    /// The names of the properties `entity` sees, inherited ones first.
    func visiblePropertyNames(of entity: String) -> [String] {
        allProperties(of: entity).map(\.name)
    }

    /// The nearest of `entity` and its ancestors that declares `name`: among the entities
    /// declaring the name (usually one), the deepest one on the entity's chain.
    private func nearestDeclaration(of name: String, in entity: String) -> Declaration? {
        guard let position = indexByName[entity], let candidates = declarers[name] else { return nil }
        if candidates.count == 1 {
            let only = candidates[0]
            return only.position == position || inheritance.isAncestor(only.position, of: position) ? only : nil
        }
        var best: Declaration?
        for candidate in candidates {
            guard candidate.position == position || inheritance.isAncestor(candidate.position, of: position) else {
                continue
            }
            if best.map({ inheritance.depth(of: candidate.position) > inheritance.depth(of: $0.position) }) ?? true {
                best = candidate
            }
        }
        return best
    }

    /// The positions from the farthest ancestor down to `entity`.
    private func lineage(of entity: String) -> [Int] {
        guard let position = indexByName[entity] else { return [] }
        return inheritance.ancestors(of: position).reversed() + [position]
    }

    /// Whether the entity at `ancestor` declares a property named `name` that the entity at
    /// `position` inherits, for validation: the nearest such ancestor's name, or `nil`.
    func inheritedDeclarer(of name: String, in entity: String) -> String? {
        guard let position = indexByName[entity], let candidates = declarers[name] else { return nil }
        var best: Int?
        for candidate in candidates.map(\.position)
        where candidate != position && inheritance.isAncestor(candidate, of: position) {
            if best.map({ inheritance.depth(of: candidate) > inheritance.depth(of: $0) }) ?? true { best = candidate }
        }
        return best.map { entities[$0].name }
    }

    /// The inheritance cycle that `entity` is the first member of (in declaration order), as
    /// its names from the entity round to it again; `nil` when it starts none.
    func inheritanceCycle(startingAt entity: String) -> [String]? {
        guard let position = indexByName[entity], let cycle = inheritance.cycle(startingAt: position)
        else { return nil }
        return cycle.map { entities[$0].name } + [entity]
    }

    // MARK: Equality and coding

    /// Two schemas are equal when their entities are, in the same order.
    public static func == (lhs: Schema, rhs: Schema) -> Bool { lhs.entities == rhs.entities }

    /// Hashes the entities.
    public func hash(into hasher: inout Hasher) { hasher.combine(entities) }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case entities
    }

    /// Decodes the JSON schema format `{"entities": [ … ]}`; unknown fields are errors.
    /// Decoding does not validate.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownFields(CodingKeys.allCases.map(\.stringValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(entities: try container.decode([EntityDescription].self, forKey: .entities))
    }

    /// Encodes the JSON schema format.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entities, forKey: .entities)
    }
}
