import Foundation
import KeyPaths
import Testing

@Suite("Schema model and inheritance")
struct SchemaModelTests {
    let schema = SampleModel.expected

    @Test("the hand-written sample model is valid")
    func sampleIsValid() {
        #expect(schema.validationErrors() == [])
    }

    @Test(
        "allAttributes lists inherited attributes first",
        arguments: [
            ("Content", ["creationDate", "name", "size"]),
            ("ImageContent", ["creationDate", "name", "size", "height", "width"]),
            ("ThumbnailContent", ["creationDate", "name", "size", "height", "width", "maxPixelSize"]),
            ("Tag", ["name"]),
            ("Nowhere", []),
        ])
    func allAttributes(entity: String, expected: [String]) {
        #expect(schema.allAttributes(of: entity).map(\.name) == expected)
    }

    @Test(
        "allRelationships includes inherited relationships",
        arguments: [
            ("Content", ["bucket", "owner", "tags"]),
            ("ImageContent", ["bucket", "owner", "tags"]),
            ("ThumbnailContent", ["bucket", "owner", "tags"]),
            ("User", ["buckets", "contents"]),
            ("Nowhere", []),
        ])
    func allRelationships(entity: String, expected: [String]) {
        #expect(schema.allRelationships(of: entity).map(\.name) == expected)
    }

    @Test(
        "subentities at any depth, in declaration order",
        arguments: [
            ("Content", ["ImageContent", "ThumbnailContent"]),
            ("ImageContent", ["ThumbnailContent"]),
            ("ThumbnailContent", []),
            ("Bucket", []),
            ("Nowhere", []),
        ])
    func subentities(entity: String, expected: [String]) {
        #expect(schema.subentities(of: entity) == expected)
    }

    @Test(
        "ancestors, nearest first",
        arguments: [
            ("ThumbnailContent", ["ImageContent", "Content"]),
            ("ImageContent", ["Content"]),
            ("Content", []),
        ])
    func ancestors(entity: String, expected: [String]) {
        #expect(schema.ancestors(of: entity) == expected)
    }

    @Test(
        "isKind",
        arguments: [
            ("ThumbnailContent", "Content", true),
            ("ThumbnailContent", "ImageContent", true),
            ("ImageContent", "ImageContent", true),
            ("Content", "ImageContent", false),
            ("Bucket", "Content", false),
            ("Nowhere", "Nowhere", false),
        ])
    func isKind(entity: String, ancestor: String, expected: Bool) {
        #expect(schema.isKind(entity, of: ancestor) == expected)
    }

    @Test(
        "property lookup includes inherited properties, never sub-entity ones",
        arguments: [
            ("name", "ThumbnailContent", "attribute", "Content"),
            ("width", "ThumbnailContent", "attribute", "ImageContent"),
            ("bucket", "ImageContent", "relationship", "Content"),
            ("maxPixelSize", "ThumbnailContent", "attribute", "ThumbnailContent"),
            ("width", "Content", "none", "-"),
            ("nmae", "Content", "none", "-"),
            ("name", "Nowhere", "none", "-"),
        ])
    func propertyLookup(name: String, entity: String, kind: String, declaring: String) {
        let property = schema.property(named: name, in: entity)
        let actualKind = property.map { $0.attribute != nil ? "attribute" : "relationship" } ?? "none"
        #expect(actualKind == kind)
        #expect((schema.declaringEntity(ofProperty: name, in: entity) ?? "-") == declaring)
        #expect(property?.name ?? name == name)
    }

    @Test("entity lookup and names")
    func entityLookup() {
        #expect(schema.entityNames == ["Bucket", "Content", "ImageContent", "Tag", "ThumbnailContent", "User"])
        #expect(schema.entity(named: "Tag")?.attributes == [AttributeDescription(name: "name", type: .string)])
        #expect(schema.entity(named: "tag") == nil)
    }

    @Test("lookups terminate on an inheritance cycle")
    func cycleSafeLookups() {
        let cyclic = Schema(entities: [
            EntityDescription(name: "A", parent: "B", attributes: [AttributeDescription(name: "a", type: .string)]),
            EntityDescription(name: "B", parent: "A", attributes: [AttributeDescription(name: "b", type: .string)]),
        ])
        #expect(cyclic.ancestors(of: "A") == ["B"])
        #expect(cyclic.allAttributes(of: "A").map(\.name) == ["b", "a"])
        #expect(cyclic.subentities(of: "A") == ["B"])
        #expect(cyclic.isKind("A", of: "B"))
    }

    @Test("encoding writes the JSON schema format, which loads back equal")
    func jsonRoundTrip() throws {
        let data = try schema.jsonData()
        let loaded = try JSONSchemaLoader.load(data: data)
        #expect(loaded == schema)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""type" : "integer64""#))
        #expect(text.contains(#""toMany" : true"#))
    }

    @Test(
        "attribute types: JSON and Core Data spellings",
        arguments: [
            (AttributeType.string, "string", "String"), (.integer16, "integer16", "Integer 16"),
            (.integer32, "integer32", "Integer 32"), (.integer64, "integer64", "Integer 64"),
            (.double, "double", "Double"), (.float, "float", "Float"), (.decimal, "decimal", "Decimal"),
            (.boolean, "boolean", "Boolean"), (.date, "date", "Date"), (.binary, "binary", "Binary"),
            (.uuid, "uuid", "UUID"), (.uri, "uri", "URI"), (.transformable, "transformable", "Transformable"),
        ])
    func attributeTypeSpellings(type: AttributeType, json: String, coreData: String) {
        #expect(type.rawValue == json)
        #expect(type.coreDataName == coreData)
        #expect(AttributeType(coreDataName: coreData) == type)
    }
}
