import Foundation
import KeyPaths
import TestSupport
import Testing

/// Seeded property tests over random schemas. Each prints its seed; set `PREDICATE_SEED` to
/// replay a run. A failure reports the case and the schema shrunk to a minimal failing one.
@Suite("Schema properties (seeded)")
struct SchemaPropertyTests {
    @Test("random schemas are valid and survive JSON and Core Data XML round trips")
    func roundTrips() {
        let report = checkProperty("round trips", cases: 600) { schema, _ in
            let errors = schema.validationErrors()
            if !errors.isEmpty { return "valid schema reported: \(errors.map(\.description))" }
            do {
                let viaJSON = try JSONSchemaLoader.load(data: schema.jsonData())
                if viaJSON != schema { return "JSON round trip changed the schema" }
                let viaXML = try CoreDataModelLoader.load(string: RandomSchema.coreDataXML(schema))
                if viaXML != schema { return "Core Data XML round trip changed the schema" }
            } catch {
                return "round trip threw \(error)"
            }
            return nil
        }
        #expect(report == nil)
    }

    @Test("a random walk along relationships resolves to exactly the hops walked")
    func randomWalks() {
        let report = checkProperty("random walks", cases: 1500) { schema, rng in
            randomWalkFailure(schema, &rng)
        }
        #expect(report == nil)
    }

    @Test("a misspelt key fails with unknownKey and a close suggestion")
    func misspelling() {
        let report = checkProperty("misspelling", cases: 600) { schema, rng in
            guard let entity = schema.entities.randomElement(using: &rng),
                let property = schema.allProperties(of: entity.name).randomElement(using: &rng)
            else { return nil }
            let wrong = property.name + "x"
            if schema.property(named: wrong, in: entity.name) != nil { return nil }
            do throws(KeyPathError) {
                let resolved = try schema.resolve(keyPath: [wrong], from: entity.name)
                return "'\(wrong)' resolved to \(resolved)"
            } catch {
                guard error.kind == .unknownKey, error.key == wrong, error.componentIndex == 0,
                    error.entity == entity.name
                else { return "unexpected error \(error)" }
                guard let suggestion = error.suggestion, EditDistance.distance(suggestion, wrong) == 1 else {
                    return "expected a suggestion at distance 1 for '\(wrong)', got \(error.suggestion ?? "none")"
                }
                return nil
            }
        }
        #expect(report == nil)
    }

    @Test("an injected problem is reported with its kind, entity and property")
    func injectedProblems() {
        let report = checkProperty("injected problems", cases: 800) { schema, rng in
            guard let (broken, expected) = inject(into: schema, using: &rng) else { return nil }
            let errors = broken.validationErrors()
            let found = errors.contains {
                $0.kind == expected.kind && $0.entity == expected.entity && $0.property == expected.property
            }
            return found
                ? nil
                : "expected \(expected.kind) on \(expected.entity ?? "-").\(expected.property ?? "-"), got \(errors.map(\.description))"
        }
        #expect(report == nil)
    }
}

/// Walks 0–4 random relationships from a random entity, ends on an attribute, a relationship or
/// `@count`, and checks the resolved path against the walk.
private func randomWalkFailure(_ schema: Schema, _ rng: inout SplitMix64) -> String? {
    guard let start = schema.entities.randomElement(using: &rng)?.name else { return nil }
    var entity = start
    var walked: [(source: String, relationship: RelationshipDescription)] = []
    for _ in 0..<Int.random(in: 0...4, using: &rng) {
        guard let relationship = schema.allRelationships(of: entity).randomElement(using: &rng) else { break }
        walked.append((entity, relationship))
        entity = relationship.destination
    }
    var components = walked.map(\.relationship.name)
    let crossesToMany = walked.contains { $0.relationship.isToMany }
    let attributes = schema.allAttributes(of: entity)
    var expectedProperty: String?
    var expectedEntity = entity
    var terminalToMany = false
    var isCount = false
    switch Int.random(in: 0..<3, using: &rng) {
    case 0 where !attributes.isEmpty:
        let attribute = attributes[Int.random(in: 0..<attributes.count, using: &rng)]
        components.append(attribute.name)
        expectedProperty = attribute.name
    case 1 where crossesToMany:
        components.append("@count")
        isCount = true
    default:
        guard let last = walked.popLast() else { return nil }
        expectedProperty = last.relationship.name
        expectedEntity = last.source
        terminalToMany = last.relationship.isToMany
    }
    let resolved: ResolvedKeyPath
    do {
        resolved = try schema.resolve(keyPath: components, from: start)
    } catch {
        return "\(components.joined(separator: ".")) from \(start) threw \(error)"
    }
    let path = "\(start): \(components.joined(separator: "."))"
    let hops = resolved.allHops
    guard hops.count == walked.count else { return "\(path): \(hops.count) hops, walked \(walked.count)" }
    for (index, (hop, step)) in zip(hops, walked).enumerated() {
        let inverseToMany = step.relationship.inverse.flatMap {
            schema.property(named: $0, in: step.relationship.destination)?.relationship?.isToMany
        }
        if hop.sourceEntity != step.source || hop.sourceProperty != step.relationship.name
            || hop.destinationEntity != step.relationship.destination || hop.inverse != step.relationship.inverse
            || hop.isToMany != step.relationship.isToMany || hop.componentIndex != index
            || hop.inverseIsToMany != inverseToMany
            || !schema.isKind(hop.sourceEntity, of: hop.declaringEntity)
        {
            return "\(path): hop \(index) is \(hop), walked \(step)"
        }
    }
    let expectedInverse: [String]? =
        walked.allSatisfy { $0.relationship.inverse != nil }
        ? walked.reversed().compactMap(\.relationship.inverse) : nil
    let expectedToMany = crossesToMany || terminalToMany
    let checks: [(String, Bool)] = [
        ("destinationEntity", resolved.destinationEntity == expectedEntity),
        ("destinationPropertyName", resolved.destinationPropertyName == expectedProperty),
        ("isToMany", resolved.isToMany == expectedToMany),
        ("isCollection", resolved.isCollection == (expectedToMany && !isCount)),
        ("inverseKeyPath", resolved.inverseKeyPath == expectedInverse),
        ("operators", resolved.operators == (isCount ? [.count] : [])),
        ("keyPath", resolved.keyPath == components.joined(separator: ".")),
    ]
    if let failed = checks.first(where: { !$0.1 }) { return "\(path): wrong \(failed.0) in \(resolved)" }
    return nil
}

/// Breaks a valid schema in one random way; returns the broken schema and the error expected.
private func inject(into schema: Schema, using rng: inout SplitMix64) -> (Schema, SchemaError)? {
    var entities = schema.entities
    guard let index = entities.indices.randomElement(using: &rng) else { return nil }
    let name = entities[index].name
    switch Int.random(in: 0..<7, using: &rng) {
    case 0:
        guard let r = entities[index].relationships.indices.randomElement(using: &rng) else { return nil }
        entities[index].relationships[r].destination = "Nowhere"
        return (
            Schema(entities: entities),
            SchemaError(.unknownDestination, entity: name, property: entities[index].relationships[r].name, message: "")
        )
    case 1:
        guard let r = entities[index].relationships.indices.randomElement(using: &rng) else { return nil }
        entities[index].relationships[r].inverse = "missing"
        return (
            Schema(entities: entities),
            SchemaError(.inverseNotFound, entity: name, property: entities[index].relationships[r].name, message: "")
        )
    case 2:
        guard let attribute = entities[index].attributes.randomElement(using: &rng) else { return nil }
        entities[index].attributes.append(attribute)
        return (
            Schema(entities: entities),
            SchemaError(.duplicateProperty, entity: name, property: attribute.name, message: "")
        )
    case 3:
        guard let ancestor = schema.ancestors(of: name).randomElement(using: &rng),
            let inherited = schema.entity(named: ancestor)?.properties.randomElement(using: &rng)
        else { return nil }
        entities[index].attributes.append(AttributeDescription(name: inherited.name, type: .string))
        return (
            Schema(entities: entities),
            SchemaError(.inheritedPropertyClash, entity: name, property: inherited.name, message: "")
        )
    case 4:
        entities[index].parent = "Nowhere"
        return (Schema(entities: entities), SchemaError(.unknownParent, entity: name, message: ""))
    case 5:
        entities[index].parent = name
        return (Schema(entities: entities), SchemaError(.inheritanceCycle, entity: name, message: ""))
    default:
        entities.append(EntityDescription(name: name))
        return (Schema(entities: entities), SchemaError(.duplicateEntity, entity: name, message: ""))
    }
}
