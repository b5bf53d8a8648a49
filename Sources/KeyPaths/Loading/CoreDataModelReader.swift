import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The SAX delegate that turns the `contents` XML of an Xcode model into entities.
///
/// Only `<entity>` elements directly inside `<model>`, and `<attribute>` / `<relationship>`
/// elements directly inside such an entity, are read; every other element (fetch requests,
/// configurations, indexes, user info, layout `<elements>`) is skipped. The element stack is
/// an array, so nesting depth costs no recursion.
final class CoreDataModelReader: NSObject, XMLParserDelegate {
    private(set) var entities: [EntityDescription] = []
    private(set) var errors: [SchemaError] = []
    /// The first XML syntax error; parsing stops there.
    private(set) var syntaxError: SchemaError?
    private(set) var sawModel = false
    private var stack: [String] = []
    private var current: EntityDescription?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes: [String: String] = [:]
    ) {
        let enclosing = stack.last
        stack.append(elementName)
        let location = "line \(parser.lineNumber)"
        switch (enclosing, elementName) {
        case (nil, "model"):
            sawModel = true
        case (nil, _):
            fail(
                parser,
                SchemaError(
                    .malformedDocument, location: location,
                    message: "the root element is <\(elementName)>, expected <model>"))
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

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        _ = stack.popLast()
        if elementName == "entity", stack.last == "model", let entity = current {
            entities.append(entity)
            current = nil
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard syntaxError == nil else { return }
        let code = (parseError as NSError).code
        syntaxError = SchemaError(
            .malformedDocument, location: "line \(parser.lineNumber), column \(parser.columnNumber)",
            message: "malformed XML: \(Self.describeXMLError(code))")
        parser.abortParsing()
    }

    private func fail(_ parser: XMLParser, _ error: SchemaError) {
        guard syntaxError == nil else { return }
        syntaxError = error
        parser.abortParsing()
    }

    // MARK: Elements

    private func readEntity(_ xml: [String: String], location: String) -> EntityDescription? {
        guard let name = xml["name"], !name.isEmpty else {
            errors.append(SchemaError(.missingField, location: location, message: "an <entity> has no 'name'"))
            return nil
        }
        let isAbstract = flag(
            xml, "isAbstract", element: "entity '\(name)'", entity: name, property: nil, location: location)
        return EntityDescription(
            name: name, parent: xml["parentEntity"], isAbstract: isAbstract, className: xml["representedClassName"])
    }

    private func readAttribute(_ xml: [String: String], entity: String, location: String) -> AttributeDescription? {
        guard let name = xml["name"], !name.isEmpty else {
            errors.append(
                SchemaError(
                    .missingField, entity: entity, location: location,
                    message: "an <attribute> of entity '\(entity)' has no 'name'"))
            return nil
        }
        let element = "attribute '\(name)' of entity '\(entity)'"
        guard let typeName = xml["attributeType"] else {
            errors.append(
                SchemaError(
                    .missingField, entity: entity, property: name, location: location,
                    message: "\(element) has no 'attributeType'"))
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

    private func readRelationship(_ xml: [String: String], entity: String, location: String) -> RelationshipDescription?
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
            isToMany: read("toMany"), isOrdered: read("ordered"), isOptional: read("optional"))
    }

    /// Reads a `YES`/`NO` XML attribute; absent means `NO`. Another value is recorded as an error.
    private func flag(
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

    /// A short explanation of a libxml2 / NSXMLParser error code.
    static func describeXMLError(_ code: Int) -> String {
        switch code {
        case 4: "the document is empty"
        case 5: "the document ends too early, or has content after the root element"
        case 9: "invalid character"
        case 23: "an entity reference is missing its ';'"
        case 26: "undeclared entity"
        case 38: "'<' inside an attribute value"
        case 39: "an attribute value must start with a quote"
        case 40: "an attribute value is not closed"
        case 41: "an attribute has no value"
        case 65: "a space is required here"
        case 73: "'>' expected"
        case 76: "the closing tag does not match the opening tag"
        case 77: "an element is not closed"
        default: "XML error \(code)"
        }
    }
}
