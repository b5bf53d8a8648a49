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
    /// The properties each position declares itself, by name (the first of a repeated name;
    /// empty for a repeated entity name).
    private let ownProperties: [[String: PropertyDescription]]

    /// A property as one entity declares it.
    private struct Declaration: Sendable {
        var position: Int
        var property: PropertyDescription
    }

    /// Creates a schema from its entities (not validated; see ``validate()``).
    ///
    /// The lookup structures take time and memory linear in the number of entities and
    /// properties: a 10,000-deep parent chain costs as much as 10,000 unrelated entities. An
    /// entity's ancestors are found by walking parent links. A property is found among the
    /// entity's own by name; an inherited one by looking at the entities that declare its name
    /// or by walking up the parents, whichever are fewer: 10,000 entities that all declare
    /// `next` and `previous` cost no more per lookup than one.
    public init(entities: [EntityDescription]) {
        self.entities = entities
        var index: [String: Int] = [:]
        for (position, entity) in entities.enumerated() where index[entity.name] == nil {
            index[entity.name] = position
        }
        indexByName = index
        inheritance = SchemaInheritance(entities: entities, index: index)
        var declarers: [String: [Declaration]] = [:]
        var ownProperties = [[String: PropertyDescription]](repeating: [:], count: entities.count)
        for (position, entity) in entities.enumerated() where index[entity.name] == position {
            var own: [String: PropertyDescription] = [:]
            for property in entity.properties where own[property.name] == nil {
                own[property.name] = property
                declarers[property.name, default: []].append(Declaration(position: position, property: property))
            }
            ownProperties[position] = own
        }
        self.declarers = declarers
        self.ownProperties = ownProperties
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

    /// The nearest of `entity` and its ancestors that declares `name`: its own declaration,
    /// else the nearest ancestor's (``nearestInheritedDeclaration(of:above:)``).
    private func nearestDeclaration(of name: String, in entity: String) -> Declaration? {
        guard let position = indexByName[entity] else { return nil }
        if let own = ownProperties[position][name] { return Declaration(position: position, property: own) }
        return nearestInheritedDeclaration(of: name, above: position)
    }

    /// The nearest proper ancestor of `position` that declares `name`, found in time bounded
    /// by the smaller of the number of entities declaring the name and the position's depth:
    /// with few declarers (a name unique to one entity of a deep chain) they are checked one by
    /// one (an ancestor test is two comparisons); with many (a name every entity declares) the
    /// parent links are walked. Positions on or under an inheritance cycle always walk.
    private func nearestInheritedDeclaration(of name: String, above position: Int) -> Declaration? {
        let depth = inheritance.depth(of: position)
        guard depth > 0, let candidates = declarers[name] else { return nil }
        if candidates.count <= depth, inheritance.hasInterval(position) {
            var best: Declaration?
            for candidate in candidates where inheritance.isAncestor(candidate.position, of: position) {
                if best.map({ inheritance.depth(of: candidate.position) > inheritance.depth(of: $0.position) }) ?? true
                {
                    best = candidate
                }
            }
            return best
        }
        var current = position
        for _ in 0..<depth {
            current = inheritance.parents[current]
            if let property = ownProperties[current][name] { return Declaration(position: current, property: property) }
        }
        return nil
    }

    /// The positions from the farthest ancestor down to `entity`.
    private func lineage(of entity: String) -> [Int] {
        guard let position = indexByName[entity] else { return [] }
        return inheritance.ancestors(of: position).reversed() + [position]
    }

    /// The nearest ancestor of `entity` that declares a property named `name` (which `entity`
    /// would inherit), for validation: its name, or `nil`.
    func inheritedDeclarer(of name: String, in entity: String) -> String? {
        guard let position = indexByName[entity] else { return nil }
        return nearestInheritedDeclaration(of: name, above: position).map { entities[$0.position].name }
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
