import Foundation
import KeyPaths
import TestSupport

/// Random valid schemas: entities `E0…`, parents only among earlier entities (no cycles),
/// globally unique property names (no clashes), relationships in inverse pairs or one-way.
enum RandomSchema {
    static func make(using rng: inout SplitMix64) -> Schema {
        let count = Int.random(in: 1...6, using: &rng)
        var entities = (0..<count).map { index in
            EntityDescription(
                name: "E\(index)",
                parent: index > 0 && Bool.random(using: &rng) && Bool.random(using: &rng)
                    ? "E\(Int.random(in: 0..<index, using: &rng))" : nil,
                isAbstract: Int.random(in: 0..<5, using: &rng) == 0)
        }
        var serial = 0
        for index in entities.indices {
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                serial += 1
                let type = AttributeType.allCases.filter { $0 != .undefined }.randomElement(using: &rng) ?? .string
                entities[index].attributes.append(
                    AttributeDescription(name: "a\(serial)", type: type, isOptional: Bool.random(using: &rng)))
            }
        }
        for _ in 0..<Int.random(in: 0...(count * 2), using: &rng) {
            serial += 1
            let from = Int.random(in: 0..<count, using: &rng)
            let to = Int.random(in: 0..<count, using: &rng)
            let forward = "r\(serial)"
            let backward = "s\(serial)"
            let paired = Int.random(in: 0..<4, using: &rng) != 0
            let forwardMany = Bool.random(using: &rng)
            entities[from].relationships.append(
                RelationshipDescription(
                    name: forward, destination: "E\(to)", inverse: paired ? backward : nil,
                    isToMany: forwardMany, isOrdered: forwardMany && Bool.random(using: &rng),
                    isOptional: Bool.random(using: &rng), deleteRule: randomRule(using: &rng)))
            if paired {
                let backwardMany = Bool.random(using: &rng)
                entities[to].relationships.append(
                    RelationshipDescription(
                        name: backward, destination: "E\(from)", inverse: forward,
                        isToMany: backwardMany, isOptional: Bool.random(using: &rng),
                        deleteRule: randomRule(using: &rng)))
            }
        }
        return Schema(entities: entities)
    }

    /// Half the time the default, else any rule.
    private static func randomRule(using rng: inout SplitMix64) -> RelationshipDescription.DeleteRule {
        guard Bool.random(using: &rng) else { return .nullify }
        return RelationshipDescription.DeleteRule.allCases.randomElement(using: &rng) ?? .nullify
    }

    /// Smaller variants of a schema that stay valid: one unreferenced entity, one attribute, or
    /// one relationship together with its inverse, removed.
    static func shrinkCandidates(of schema: Schema) -> [Schema] {
        var result: [Schema] = []
        // An entity nothing refers to (as parent or destination) can go.
        for entity in schema.entities {
            let referenced = schema.entities.contains { other in
                other.name != entity.name
                    && (other.parent == entity.name || other.relationships.contains { $0.destination == entity.name })
            }
            if !referenced { result.append(Schema(entities: schema.entities.filter { $0.name != entity.name })) }
        }
        for (entityIndex, entity) in schema.entities.enumerated() {
            for attributeIndex in entity.attributes.indices {
                var entities = schema.entities
                entities[entityIndex].attributes.remove(at: attributeIndex)
                result.append(Schema(entities: entities))
            }
            for relationship in entity.relationships {
                var entities = schema.entities
                for index in entities.indices {
                    let owner = entities[index].name
                    entities[index].relationships.removeAll {
                        (owner == entity.name && $0.name == relationship.name)
                            || (owner == relationship.destination && $0.name == relationship.inverse)
                    }
                }
                result.append(Schema(entities: entities))
            }
        }
        return result
    }

    /// Writes a schema as Xcode `contents` XML, the way Xcode lays it out.
    static func coreDataXML(_ schema: Schema) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#,
            #"<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">"#,
        ]
        for entity in schema.entities {
            var head = #"    <entity name="\#(entity.name)""#
            if let parent = entity.parent { head += #" parentEntity="\#(parent)""# }
            if entity.isAbstract { head += #" isAbstract="YES""# }
            if let className = entity.className { head += #" representedClassName="\#(className)""# }
            lines.append(head + #" syncable="YES">"#)
            for attribute in entity.attributes {
                let optional = attribute.isOptional ? #" optional="YES""# : ""
                let transient = attribute.isTransient ? #" transient="YES""# : ""
                lines.append(
                    #"        <attribute name="\#(attribute.name)"\#(optional)\#(transient) attributeType="\#(attribute.type.coreDataName)"/>"#
                )
            }
            for relationship in entity.relationships {
                var line = #"        <relationship name="\#(relationship.name)""#
                if relationship.isOptional { line += #" optional="YES""# }
                line += relationship.isToMany ? #" toMany="YES""# : #" maxCount="1""#
                if relationship.isOrdered { line += #" ordered="YES""# }
                line += #" deletionRule="\#(relationship.deleteRule.coreDataName)""#
                line += #" destinationEntity="\#(relationship.destination)""#
                if let inverse = relationship.inverse {
                    line += #" inverseName="\#(inverse)" inverseEntity="\#(relationship.destination)""#
                }
                lines.append(line + "/>")
            }
            lines.append("    </entity>")
        }
        lines.append("</model>")
        return lines.joined(separator: "\n")
    }
}

/// Runs a property over random schemas (`cases` of them unless `PREDICATE_CASES` says
/// otherwise). Returns `nil`, or a report with the replay seed, the shrunk schema (as JSON) and
/// the failure message.
func checkProperty(
    _ name: String,
    cases: Int,
    property: (Schema, inout SplitMix64) -> String?
) -> String? {
    let run = PropertyRun(name, defaultCases: cases)
    let (seed, count) = (run.seed, run.cases)
    for index in 0..<count {
        let caseSeed = run.caseSeed(index)
        var rng = SplitMix64(seed: caseSeed)
        let schema = RandomSchema.make(using: &rng)
        let propertySeed = rng.next()
        func failure(of schema: Schema) -> String? {
            var local = SplitMix64(seed: propertySeed)
            return property(schema, &local)
        }
        guard var message = failure(of: schema) else { continue }
        var smallest = schema
        var shrinking = true
        while shrinking {
            shrinking = false
            for candidate in RandomSchema.shrinkCandidates(of: smallest) {
                if let smaller = failure(of: candidate) {
                    smallest = candidate
                    message = smaller
                    shrinking = true
                    break
                }
            }
        }
        let json = (try? JSONEncoder().encode(smallest)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
        let report = """
            \(name) failed at case \(index) of run seed \(seed); replay with PREDICATE_SEED=\(caseSeed)
            \(message)
            shrunk schema: \(json)
            """
        print(report)
        return report
    }
    return nil
}
