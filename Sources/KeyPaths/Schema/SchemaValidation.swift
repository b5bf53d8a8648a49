extension Schema {
    /// Checks the schema and throws every problem found at once.
    ///
    /// ```swift
    /// try schema.validate()
    /// // 'Content.bucket': inverse 'contents' not found on 'Bucket'
    /// // 'ImageContent': parent entity 'Contnet' does not exist; did you mean 'Content'?
    /// ```
    public func validate() throws(SchemaErrors) {
        let errors = validationErrors()
        if !errors.isEmpty { throw SchemaErrors(errors) }
    }

    /// Every problem of the schema, in declaration order; empty when the schema is valid.
    ///
    /// Checked, for each entity in order: its name, a repeated entity name, its parent
    /// (unknown, or an inheritance cycle — reported once, on the cycle's first entity), then
    /// for each property: its name, a repeated name within the entity, a name clashing with an
    /// inherited property; then for each relationship: the destination entity, and the inverse
    /// (it must exist on the destination, be a relationship, have this entity as destination
    /// and this relationship as its own inverse). A relationship without an inverse is valid;
    /// ``ResolvedKeyPath/requireInverses()`` rejects it where change tracking needs one.
    public func validationErrors() -> [SchemaError] {
        var errors: [SchemaError] = []
        var seenEntities: Set<String> = []
        for entity in entities {
            errors += nameErrors(entity.name, entity: nil, what: "an entity")
            if !seenEntities.insert(entity.name).inserted {
                errors.append(
                    SchemaError(.duplicateEntity, entity: entity.name, message: "entity declared more than once"))
            }
            errors += parentErrors(of: entity)
            errors += propertyNameErrors(of: entity)
            for attribute in entity.attributes where attribute.type == .undefined && !attribute.isTransient {
                errors.append(
                    SchemaError(
                        .invalidField, entity: entity.name, property: attribute.name,
                        message: "only a transient attribute may have the type undefined"))
            }
            for relationship in entity.relationships {
                errors += relationshipErrors(relationship, of: entity.name).filter {
                    $0.kind != .inverseDoesNotPointBack
                }
            }
        }
        return errors
    }

    /// What the schema allows but change tracking cannot use, as Xcode warns about it: an
    /// inverse that does not point back (`Image.artist` names `Artist.thumbnail` as its inverse,
    /// whose own inverse is something else). Core Data accepts such a model; the relationship
    /// is then treated as having no usable inverse (key paths through it cannot be traced back
    /// by the change matcher, and `predicate resolve` says so).
    ///
    /// `'Image.artist': inverse 'Artist.thumbnail' has inverse 'thumbnail', expected 'artist'`
    public func validationWarnings() -> [SchemaError] {
        var warnings: [SchemaError] = []
        for entity in entities {
            for relationship in entity.relationships {
                warnings += relationshipErrors(relationship, of: entity.name).filter {
                    $0.kind == .inverseDoesNotPointBack
                }
            }
        }
        return warnings
    }

    /// Whether `relationship` of `entity` has an inverse that points back at it (the same
    /// relationship, from an entity `entity` is a kind of).
    public func hasReciprocalInverse(_ relationship: RelationshipDescription, of entity: String) -> Bool {
        guard let name = relationship.inverse,
            case .relationship(let back)? = property(named: name, in: relationship.destination)
        else { return false }
        return back.inverse == relationship.name && isKind(entity, of: back.destination)
    }

    private func nameErrors(_ name: String, entity: String?, what: String) -> [SchemaError] {
        let problem: String
        if name.isEmpty {
            problem = "\(what) has an empty name"
        } else if name.contains(".") {
            problem = "name '\(name)' contains '.', so key paths cannot reach it"
        } else if name.hasPrefix("@") {
            problem = "name '\(name)' starts with '@', which key paths reserve for collection operators"
        } else {
            return []
        }
        return [SchemaError(.invalidName, entity: entity ?? (name.isEmpty ? nil : name), message: problem)]
    }

    private func parentErrors(of entity: EntityDescription) -> [SchemaError] {
        guard let parent = entity.parent else { return [] }
        guard self.entity(named: parent) != nil else {
            let message = Suggestion("parent entity '\(parent)' does not exist", name: parent, among: entityNames).text
            return [SchemaError(.unknownParent, entity: entity.name, message: message)]
        }
        // A cycle is reported once, on its first member in declaration order.
        guard self.entity(named: entity.name) == entity, let cycle = inheritanceCycle(startingAt: entity.name) else {
            return []
        }
        return [
            SchemaError(
                .inheritanceCycle, entity: entity.name, message: "inheritance cycle \(cycle.joined(separator: " -> "))")
        ]
    }

    private func propertyNameErrors(of entity: EntityDescription) -> [SchemaError] {
        var errors: [SchemaError] = []
        var seen: Set<String> = []
        for property in entity.properties {
            let name = property.name
            if name.isEmpty {
                errors.append(SchemaError(.invalidName, entity: entity.name, message: "a property has an empty name"))
                continue
            }
            for error in nameErrors(name, entity: entity.name, what: "a property") {
                errors.append(SchemaError(error.kind, entity: entity.name, property: name, message: error.message))
            }
            if !seen.insert(name).inserted {
                errors.append(
                    SchemaError(
                        .duplicateProperty, entity: entity.name, property: name,
                        message: "property declared more than once"))
            } else if let owner = inheritedDeclarer(of: name, in: entity.name) {
                errors.append(
                    SchemaError(
                        .inheritedPropertyClash, entity: entity.name, property: name,
                        message: "property clashes with inherited '\(owner).\(name)'"))
            }
        }
        return errors
    }

    private func relationshipErrors(_ relationship: RelationshipDescription, of entity: String) -> [SchemaError] {
        func error(_ kind: SchemaError.Kind, _ message: String) -> SchemaError {
            SchemaError(kind, entity: entity, property: relationship.name, message: message)
        }
        let destination = relationship.destination
        guard self.entity(named: destination) != nil else {
            let message = Suggestion(
                "destination entity '\(destination)' does not exist", name: destination, among: entityNames
            ).text
            return [error(.unknownDestination, message)]
        }
        guard let inverseName = relationship.inverse else { return [] }
        guard let inverse = property(named: inverseName, in: destination) else {
            let message = Suggestion(
                "inverse '\(inverseName)' not found on '\(destination)'", name: inverseName,
                among: allRelationships(of: destination).map(\.name)
            ).text
            return [error(.inverseNotFound, message)]
        }
        guard case .relationship(let back) = inverse else {
            return [
                error(
                    .inverseNotRelationship,
                    "inverse '\(inverseName)' on '\(destination)' is an attribute, not a relationship")
            ]
        }
        let backName = "\(declaringEntity(ofProperty: inverseName, in: destination) ?? destination).\(inverseName)"
        var errors: [SchemaError] = []
        if back.destination != entity {
            errors.append(
                error(
                    .inverseDoesNotPointBack,
                    "inverse '\(backName)' has destination '\(back.destination)', expected '\(entity)'"))
        }
        if back.inverse != relationship.name {
            let actual = back.inverse.map { "has inverse '\($0)'" } ?? "has no inverse"
            errors.append(
                error(.inverseDoesNotPointBack, "inverse '\(backName)' \(actual), expected '\(relationship.name)'"))
        }
        return errors
    }
}
