import Foundation
import TestSupport
import Testing

@testable import KeyPaths

/// Issue 17 §18: loading and validating a schema grows linearly with its relationships
/// (5,000 entities with inverses took 5.4 s, 10,000 took 19.6 s: every entity declared the
/// same relationship names, and each lookup of such a name, for the inverse check or the
/// inherited-clash check, scanned every entity that declares it). Measured as a ratio of two
/// sizes within one run, as in ``SchemaScalingTests``: four times the entities may cost at most
/// eight times as much (a quadratic cost would be sixteen).
@Suite("Schema: cost linear in the number of relationships")
struct SchemaRelationshipScalingTests {
    /// A `Hub` and `count` entities. Three in four are a ring, each declaring the same names:
    /// an attribute `name`, `next` and `previous` (inverses of each other) and `hub` (inverse of
    /// the hub's `e<i>`). Every fourth entity is a sub-entity of the one before it, inherits
    /// those, and declares `link` (inverse of the hub's `e<i>`). The hub has one to-many
    /// relationship per entity.
    static func ring(_ count: Int) -> [EntityDescription] {
        let members = (0..<count).filter { $0 % 4 != 3 }
        var hub = EntityDescription(name: "Hub")
        var entities: [EntityDescription] = []
        var ringPosition = 0
        for index in 0..<count {
            let name = "E\(index)"
            let back = index % 4 == 3 ? "link" : "hub"
            hub.relationships.append(
                RelationshipDescription(name: "e\(index)", destination: name, inverse: back, isToMany: true))
            guard index % 4 != 3 else {
                entities.append(
                    EntityDescription(
                        name: name, parent: "E\(index - 1)",
                        relationships: [RelationshipDescription(name: "link", destination: "Hub", inverse: "e\(index)")]
                    ))
                continue
            }
            let next = members[(ringPosition + 1) % members.count]
            let previous = members[(ringPosition + members.count - 1) % members.count]
            ringPosition += 1
            entities.append(
                EntityDescription(
                    name: name, attributes: [AttributeDescription(name: "name", type: .string)],
                    relationships: [
                        RelationshipDescription(name: "next", destination: "E\(next)", inverse: "previous"),
                        RelationshipDescription(name: "previous", destination: "E\(previous)", inverse: "next"),
                        RelationshipDescription(name: "hub", destination: "Hub", inverse: "e\(index)"),
                    ]))
        }
        return [hub] + entities
    }

    /// The ring in the JSON schema format and as an Xcode model.
    static func documents(_ count: Int) throws -> (json: Data, xml: String) {
        let schema = Schema(entities: ring(count))
        return (try schema.jsonData(), RandomSchema.coreDataXML(schema))
    }

    /// The best of three runs of loading both documents with validation, plus the warnings,
    /// in CPU seconds of the calling thread (other work on the machine does not count).
    static func seconds(_ count: Int) throws -> Double {
        let (json, xml) = try documents(count)
        var valid = true
        let best = try ThreadCPUTime.best(of: 3) {
            let fromJSON = try JSONSchemaLoader.load(data: json)
            let fromXML = try CoreDataModelLoader.load(string: xml)
            let warnings = fromJSON.validationWarnings().count + fromXML.validationWarnings().count
            valid = valid && warnings == 0 && fromJSON.entities.count == count + 1
        }
        return valid ? best : .infinity
    }

    @Test("the ring is a valid schema whose inverses point back")
    func ringIsValid() throws {
        let schema = Schema(entities: Self.ring(40))
        #expect(schema.validationErrors().isEmpty)
        #expect(schema.validationWarnings().isEmpty)
        #expect(schema.declaringEntity(ofProperty: "next", in: "E3") == "E2")
        guard case .relationship(let next)? = schema.property(named: "next", in: "E2") else {
            Issue.record("E2 has no relationship next")
            return
        }
        #expect(next.destination == "E4")
        #expect(schema.property(named: "e39", in: "Hub")?.name == "e39")
        let (json, xml) = try Self.documents(40)
        #expect(try JSONSchemaLoader.load(data: json) == schema)
        #expect(try CoreDataModelLoader.load(string: xml).entities.map(\.name) == schema.entities.map(\.name))
    }

    @Test("four times the entities and relationships cost at most eight times as much")
    func linear() throws {
        let small = try Self.seconds(1_000)
        let large = try Self.seconds(4_000)
        #expect(large / small < 8, "1,000 entities: \(small) s, 4,000: \(large) s")
    }
}
