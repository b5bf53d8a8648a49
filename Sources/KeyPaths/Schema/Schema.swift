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
    /// For each entity, its properties and inherited ones by name, with the declaring entity.
    private let propertyTable: [String: [String: DeclaredProperty]]
    /// For each entity, its chain of ancestors, nearest first (cut at a cycle or unknown name).
    private let ancestorTable: [String: [String]]
    /// For each entity, its sub-entities at any depth, in declaration order.
    private let subentityTable: [String: [String]]

    /// A property and the entity that declares it.
    struct DeclaredProperty: Sendable {
        var property: PropertyDescription
        var declaringEntity: String
    }

    /// Creates a schema from entities in declaration order. Nothing is checked here; call
    /// ``validate()`` for the list of problems.
    public init(entities: [EntityDescription]) {
        self.entities = entities
        var index: [String: Int] = [:]
        for (position, entity) in entities.enumerated() where index[entity.name] == nil {
            index[entity.name] = position
        }
        indexByName = index
        var ancestors: [String: [String]] = [:]
        for entity in entities where ancestors[entity.name] == nil {
            ancestors[entity.name] = Self.ancestorChain(of: entity.name, entities: entities, index: index)
        }
        ancestorTable = ancestors
        var subentities: [String: [String]] = [:]
        var listed: Set<String> = []
        for entity in entities where listed.insert(entity.name).inserted {
            for ancestor in ancestors[entity.name] ?? [] where ancestor != entity.name {
                subentities[ancestor, default: []].append(entity.name)
            }
        }
        subentityTable = subentities
        var table: [String: [String: DeclaredProperty]] = [:]
        for entity in entities where table[entity.name] == nil {
            var properties: [String: DeclaredProperty] = [:]
            // Farthest ancestor first, so that nearer declarations replace inherited ones.
            for owner in ([entity.name] + (ancestors[entity.name] ?? [])).reversed() {
                guard let position = index[owner] else { continue }
                var own: [String: DeclaredProperty] = [:]
                for property in entities[position].properties where own[property.name] == nil {
                    own[property.name] = DeclaredProperty(property: property, declaringEntity: owner)
                }
                properties.merge(own) { _, nearer in nearer }
            }
            table[entity.name] = properties
        }
        propertyTable = table
    }

    private static func ancestorChain(of name: String, entities: [EntityDescription], index: [String: Int]) -> [String]
    {
        var chain: [String] = []
        var seen: Set<String> = [name]
        var current = index[name].flatMap { entities[$0].parent }
        while let parent = current, let position = index[parent], !seen.contains(parent) {
            chain.append(parent)
            seen.insert(parent)
            current = entities[position].parent
        }
        return chain
    }

    /// The names of all entities, in declaration order.
    public var entityNames: [String] { entities.map(\.name) }

    /// The entity called `name` (the first one, if the name is declared twice).
    public func entity(named name: String) -> EntityDescription? {
        indexByName[name].map { entities[$0] }
    }

    /// The ancestors of `entity`, nearest first: `["ImageContent", "Content"]` for
    /// `ThumbnailContent` in the sample model. The chain stops before an unknown parent or
    /// a repeated entity (an inheritance cycle).
    public func ancestors(of entity: String) -> [String] {
        ancestorTable[entity] ?? []
    }

    /// Whether `entity` is `ancestor` or one of its sub-entities at any depth:
    /// `isKind("ThumbnailContent", of: "Content")` is `true`.
    public func isKind(_ entity: String, of ancestor: String) -> Bool {
        guard indexByName[entity] != nil else { return false }
        return entity == ancestor || ancestors(of: entity).contains(ancestor)
    }

    /// The sub-entities of `entity` at any depth, in declaration order, excluding `entity`
    /// itself: `["ImageContent", "ThumbnailContent"]` for `Content` in the sample model.
    public func subentities(of entity: String) -> [String] {
        subentityTable[entity] ?? []
    }

    /// The attributes of `entity` including inherited ones, farthest ancestor first, then
    /// its own: for `ImageContent`, `Content`'s attributes then `width` and `height`.
    public func allAttributes(of entity: String) -> [AttributeDescription] {
        lineage(of: entity).flatMap { self.entity(named: $0)?.attributes ?? [] }
    }

    /// The relationships of `entity` including inherited ones, farthest ancestor first.
    public func allRelationships(of entity: String) -> [RelationshipDescription] {
        lineage(of: entity).flatMap { self.entity(named: $0)?.relationships ?? [] }
    }

    /// The attributes then the relationships of `entity`, inherited ones included.
    public func allProperties(of entity: String) -> [PropertyDescription] {
        allAttributes(of: entity).map(PropertyDescription.attribute)
            + allRelationships(of: entity).map(PropertyDescription.relationship)
    }

    /// The property `name` of `entity`, declared by the entity or inherited from an ancestor.
    /// When a name is declared twice (a validation error), the nearest declaration wins.
    public func property(named name: String, in entity: String) -> PropertyDescription? {
        propertyTable[entity]?[name]?.property
    }

    /// The entity that declares the property `name` as seen from `entity`:
    /// `declaringEntity(ofProperty: "bucket", in: "ImageContent")` is `"Content"`.
    public func declaringEntity(ofProperty name: String, in entity: String) -> String? {
        propertyTable[entity]?[name]?.declaringEntity
    }

    /// The names of every property visible on `entity` (for "did you mean" suggestions).
    func visiblePropertyNames(of entity: String) -> [String] {
        allProperties(of: entity).map(\.name)
    }

    /// `entity` preceded by its ancestors, farthest first.
    private func lineage(of entity: String) -> [String] {
        guard indexByName[entity] != nil else { return [] }
        return ancestors(of: entity).reversed() + [entity]
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
