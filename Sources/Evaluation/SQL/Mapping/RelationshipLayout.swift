import KeyPaths

/// How a relationship is stored, before any name is chosen; both conventions share it.
///
/// - a to-one relationship has a foreign-key column in its entity's table (also when its
///   inverse is to-one: each side of a one-to-one has its own column, as in Core Data);
/// - a to-many relationship whose inverse is a to-one relationship that names it back is
///   stored by that inverse's foreign key;
/// - a to-many relationship whose inverse is a to-many relationship that names it back
///   shares one join table with it; a relationship that is its own inverse
///   (`Person.friends` ↔ `Person.friends`) owns a join table shared with itself;
/// - any other to-many relationship (no inverse, or an inverse that does not name it back)
///   has a join table of its own.
enum RelationshipLayout: Sendable, Hashable {
    case foreignKey
    /// Through `inverse`, declared by `inverseEntity` (the destination or one of its ancestors).
    case inverseForeignKey(inverseEntity: String, inverse: String)
    /// A join table owned by `owner`; `other` is the inverse sharing it, if any (`owner`
    /// itself for a relationship that is its own inverse).
    case joinTable(owner: PropertyRef, other: PropertyRef?)

    /// A property by its declaring entity and name.
    struct PropertyRef: Sendable, Hashable, Comparable {
        var entity: String
        var name: String

        static func < (lhs: PropertyRef, rhs: PropertyRef) -> Bool {
            (lhs.entity, lhs.name) < (rhs.entity, rhs.name)
        }
    }

    /// The layout of `relationship`, declared by `entity`; `preferOwner` picks the owner of a
    /// shared join table among the two sides.
    static func of(
        _ relationship: RelationshipDescription, declaredBy entity: String, in schema: Schema,
        preferOwner: (PropertyRef, PropertyRef) -> PropertyRef
    ) -> RelationshipLayout {
        guard relationship.isToMany else { return .foreignKey }
        let this = PropertyRef(entity: entity, name: relationship.name)
        guard let (inverseEntity, inverse) = pairedInverse(of: relationship, declaredBy: entity, in: schema) else {
            return .joinTable(owner: this, other: nil)
        }
        if !inverse.isToMany {
            return .inverseForeignKey(inverseEntity: inverseEntity, inverse: inverse.name)
        }
        let other = PropertyRef(entity: inverseEntity, name: inverse.name)
        if other == this { return .joinTable(owner: this, other: this) }
        let owner = preferOwner(this, other)
        return .joinTable(owner: owner, other: owner == this ? other : this)
    }

    /// The inverse of `relationship` when it names `relationship` back and can point at the
    /// declaring entity's objects, with the entity that declares it.
    static func pairedInverse(
        of relationship: RelationshipDescription, declaredBy entity: String, in schema: Schema
    ) -> (String, RelationshipDescription)? {
        guard let name = relationship.inverse,
            let inverse = schema.property(named: name, in: relationship.destination)?.relationship,
            let inverseEntity = schema.declaringEntity(ofProperty: name, in: relationship.destination),
            inverse.inverse == relationship.name,
            schema.isKind(entity, of: inverse.destination) || schema.isKind(inverse.destination, of: entity)
        else { return nil }
        return (inverseEntity, inverse)
    }

    /// The root of `entity`'s inheritance hierarchy.
    static func root(of entity: String, in schema: Schema) -> String {
        schema.ancestors(of: entity).last ?? entity
    }

    /// Problems that stop any mapping: unknown destinations and parents, inheritance cycles.
    static func structuralErrors(in schema: Schema) -> [SQLMappingError] {
        var errors: [SQLMappingError] = []
        for error in schema.validationErrors() {
            switch error.kind {
            case .unknownDestination, .unknownParent, .inheritanceCycle, .duplicateEntity, .duplicateProperty,
                .inheritedPropertyClash:
                errors.append(
                    SQLMappingError(
                        .invalidSchema, entity: error.entity, property: error.property, message: error.message))
            case .invalidName, .inverseNotFound, .inverseNotRelationship, .inverseDoesNotPointBack, .unreadableFile,
                .malformedDocument, .missingField, .invalidField, .unknownAttributeType:
                // A relationship whose inverse does not pair up is stored on its own (Core Data
                // accepts such models); the other kinds cannot occur in a built schema.
                continue
            }
        }
        return errors
    }
}
