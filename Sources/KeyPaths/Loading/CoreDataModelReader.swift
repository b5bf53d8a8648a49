/// Turns the events of an Xcode model's `contents` XML into entities.
///
/// Only `<entity>` elements directly inside `<model>`, and `<attribute>` / `<relationship>`
/// elements directly inside such an entity, are read; every other element (fetch requests,
/// configurations, indexes, user info, layout `<elements>`) is skipped. The element stack is
/// an array, so nesting depth costs no recursion.
struct CoreDataModelReader {
    private(set) var entities: [EntityDescription] = []
    private(set) var errors: [SchemaError] = []
    private(set) var sawModel = false
    private var stack: [String] = []
    private var current: EntityDescription?

    /// Reads every event; a root element other than `<model>` is the only structural error.
    mutating func read(_ events: [XMLReader.Event]) throws(SchemaErrors) {
        for event in events {
            switch event {
            case .start(let name, let attributes, let line):
                try start(name, attributes, line: line)
            case .end(let name):
                end(name)
            }
        }
    }

    private mutating func start(_ elementName: String, _ attributes: [String: String], line: Int)
        throws(SchemaErrors)
    {
        let enclosing = stack.last
        stack.append(elementName)
        let location = "line \(line)"
        switch (enclosing, elementName) {
        case (nil, "model"):
            sawModel = true
        case (nil, _):
            throw SchemaErrors([
                SchemaError(
                    .malformedDocument, location: location,
                    message: "the root element is <\(elementName)>, expected <model>")
            ])
        case ("model", "entity"):
            current = readEntity(attributes, location: location)
        case ("entity", "attribute"):
            guard let entity = current else { return }
            if let attribute = readAttribute(attributes, entity: entity.name, location: location) {
                current?.attributes.append(attribute)
            }
        case ("entity", "relationship"):
            guard let entity = current else { return }
            if let relationship = readRelationship(attributes, entity: entity.name, location: location) {
                current?.relationships.append(relationship)
            }
        default:
            break
        }
    }

    private mutating func end(_ elementName: String) {
        _ = stack.popLast()
        if elementName == "entity", stack.last == "model", let entity = current {
            entities.append(entity)
            current = nil
        }
    }

    // MARK: Elements

    private mutating func readEntity(_ xml: [String: String], location: String) -> EntityDescription? {
        guard let name = xml["name"], !name.isEmpty else {
            errors.append(SchemaError(.missingField, location: location, message: "an <entity> has no 'name'"))
            return nil
        }
        let isAbstract = flag(
            xml, "isAbstract", element: "entity '\(name)'", entity: name, property: nil, location: location)
        return EntityDescription(
            name: name, parent: xml["parentEntity"], isAbstract: isAbstract, className: xml["representedClassName"])
    }

    private mutating func readAttribute(_ xml: [String: String], entity: String, location: String)
        -> AttributeDescription?
    {
        guard let name = xml["name"], !name.isEmpty else {
            errors.append(
                SchemaError(
                    .missingField, entity: entity, location: location,
                    message: "an <attribute> of entity '\(entity)' has no 'name'"))
            return nil
        }
        let element = "attribute '\(name)' of entity '\(entity)'"
        let isTransient = xml["transient"] == "YES"
        // Xcode's "Undefined" type (no attributeType) is allowed for transient attributes only.
        guard let typeName = xml["attributeType"] ?? (isTransient ? AttributeType.undefined.coreDataName : nil) else {
            errors.append(
                SchemaError(
                    .missingField, entity: entity, property: name, location: location,
                    message: "\(element) has no 'attributeType' (only a transient attribute may be Undefined)"))
            return nil
        }
        if typeName == AttributeType.undefined.coreDataName, !isTransient {
            errors.append(
                SchemaError(
                    .invalidField, entity: entity, property: name, location: location,
                    message: "\(element): only a transient attribute may have the type Undefined"))
            return nil
        }
        guard let type = AttributeType(coreDataName: typeName) else {
            let detail = AttributeType.unknownTypeMessage(
                typeName, spellings: AttributeType.allCases.map(\.coreDataName))
            errors.append(
                SchemaError(
                    .unknownAttributeType, entity: entity, property: name, location: location,
                    message: "\(element): \(detail)"))
            return nil
        }
        return AttributeDescription(
            name: name, type: type,
            isOptional: flag(xml, "optional", element: element, entity: entity, property: name, location: location),
            isTransient: flag(xml, "transient", element: element, entity: entity, property: name, location: location),
            isIndexed: flag(xml, "indexed", element: element, entity: entity, property: name, location: location))
    }

    private mutating func readRelationship(_ xml: [String: String], entity: String, location: String)
        -> RelationshipDescription?
    {
        guard let name = xml["name"], !name.isEmpty else {
            errors.append(
                SchemaError(
                    .missingField, entity: entity, location: location,
                    message: "a <relationship> of entity '\(entity)' has no 'name'"))
            return nil
        }
        let element = "relationship '\(name)' of entity '\(entity)'"
        guard let destination = xml["destinationEntity"], !destination.isEmpty else {
            errors.append(
                SchemaError(
                    .missingField, entity: entity, property: name, location: location,
                    message: "\(element) has no 'destinationEntity'"))
            return nil
        }
        func read(_ key: String) -> Bool {
            flag(xml, key, element: element, entity: entity, property: name, location: location)
        }
        return RelationshipDescription(
            name: name, destination: destination, inverse: xml["inverseName"],
            isToMany: read("toMany"), isOrdered: read("ordered"), isOptional: read("optional"),
            deleteRule: deleteRule(xml, element: element, entity: entity, property: name, location: location))
    }

    /// Reads `deletionRule` (`Nullify`, `Cascade`, `Deny`, `No Action`); absent means
    /// `Nullify`, Core Data's default. Another value is recorded as an error.
    private mutating func deleteRule(
        _ xml: [String: String], element: String, entity: String, property: String, location: String
    ) -> RelationshipDescription.DeleteRule {
        guard let spelling = xml["deletionRule"] else { return .nullify }
        if let rule = RelationshipDescription.DeleteRule(coreDataName: spelling) { return rule }
        let detail = RelationshipDescription.DeleteRule.unknownRuleMessage(
            spelling, spellings: RelationshipDescription.DeleteRule.allCases.map(\.coreDataName))
        errors.append(
            SchemaError(
                .invalidField, entity: entity, property: property, location: location,
                message: "\(element): 'deletionRule': \(detail)"))
        return .nullify
    }

    /// Reads a `YES`/`NO` XML attribute; absent means `NO`. Another value is recorded as an error.
    private mutating func flag(
        _ xml: [String: String], _ key: String, element: String, entity: String, property: String?, location: String
    ) -> Bool {
        switch xml[key] {
        case nil, "NO": return false
        case "YES": return true
        case let other?:
            errors.append(
                SchemaError(
                    .invalidField, entity: entity, property: property, location: location,
                    message: "\(element): '\(key)' must be YES or NO, not '\(other)'"))
            return false
        }
    }
}
