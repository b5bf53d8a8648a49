/// An entity: a kind of object with attributes and relationships, such as `Content`.
///
/// An entity may have a parent (`ImageContent` has parent `Content`): it then inherits every
/// attribute and relationship of its ancestors, and a fetch of the parent includes its
/// instances. An abstract entity has no instances of its own.
///
/// In the JSON schema format:
/// ```json
/// {"name": "ImageContent", "parent": "Content", "abstract": false,
///  "attributes": [{"name": "width", "type": "integer32"}], "relationships": []}
/// ```
/// `parent`, `table` and `className` default to `null`, `abstract` to `false`, the lists to `[]`.
public struct EntityDescription: Sendable, Hashable, Codable {
    /// The entity's name: the root of a query (`Content`) and the destination of relationships.
    public var name: String
    /// The name of the parent entity, if any.
    public var parent: String?
    /// Whether the entity has no instances of its own (only instances of sub-entities).
    public var isAbstract: Bool
    /// The attributes declared by this entity (inherited ones are not repeated here).
    public var attributes: [AttributeDescription]
    /// The relationships declared by this entity (inherited ones are not repeated here).
    public var relationships: [RelationshipDescription]
    /// An optional table name for SQL storage; `nil` lets the SQL mapping choose one.
    public var tableName: String?
    /// The application class for the entity (Core Data's `representedClassName`), kept for
    /// reference only.
    public var className: String?

    /// Creates an entity.
    public init(
        name: String, parent: String? = nil, isAbstract: Bool = false,
        attributes: [AttributeDescription] = [], relationships: [RelationshipDescription] = [],
        tableName: String? = nil, className: String? = nil
    ) {
        self.name = name
        self.parent = parent
        self.isAbstract = isAbstract
        self.attributes = attributes
        self.relationships = relationships
        self.tableName = tableName
        self.className = className
    }

    /// The properties declared by this entity: its attributes, then its relationships.
    public var properties: [PropertyDescription] {
        attributes.map(PropertyDescription.attribute) + relationships.map(PropertyDescription.relationship)
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, parent, abstract, table, className, attributes, relationships
    }

    /// Decodes the JSON schema format; unknown fields are errors.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownFields(CodingKeys.allCases.map(\.stringValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        parent = try container.decodeIfPresent(String.self, forKey: .parent)
        isAbstract = try container.decodeIfPresent(Bool.self, forKey: .abstract) ?? false
        tableName = try container.decodeIfPresent(String.self, forKey: .table)
        className = try container.decodeIfPresent(String.self, forKey: .className)
        attributes = try container.decodeIfPresent([AttributeDescription].self, forKey: .attributes) ?? []
        relationships = try container.decodeIfPresent([RelationshipDescription].self, forKey: .relationships) ?? []
    }

    /// Encodes the JSON schema format; `nil` fields are omitted.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(parent, forKey: .parent)
        try container.encode(isAbstract, forKey: .abstract)
        try container.encodeIfPresent(tableName, forKey: .table)
        try container.encodeIfPresent(className, forKey: .className)
        try container.encode(attributes, forKey: .attributes)
        try container.encode(relationships, forKey: .relationships)
    }
}
