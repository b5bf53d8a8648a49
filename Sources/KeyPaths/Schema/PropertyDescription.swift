/// A property of an entity: an attribute or a relationship.
///
/// `Schema.property(named: "bucket", in: "Content")` returns `.relationship(…)`;
/// `Schema.property(named: "name", in: "ImageContent")` returns the attribute `name`
/// inherited from `Content`.
public enum PropertyDescription: Sendable, Hashable, Codable {
    /// A typed value.
    case attribute(AttributeDescription)
    /// A reference to other objects.
    case relationship(RelationshipDescription)

    /// The property's key.
    public var name: String {
        switch self {
        case .attribute(let attribute): attribute.name
        case .relationship(let relationship): relationship.name
        }
    }

    /// The attribute, when this is one.
    public var attribute: AttributeDescription? {
        if case .attribute(let attribute) = self { return attribute }
        return nil
    }

    /// The relationship, when this is one.
    public var relationship: RelationshipDescription? {
        if case .relationship(let relationship) = self { return relationship }
        return nil
    }

    /// Whether the property may be `nil`.
    public var isOptional: Bool {
        switch self {
        case .attribute(let attribute): attribute.isOptional
        case .relationship(let relationship): relationship.isOptional
        }
    }
}
