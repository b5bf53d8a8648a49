import Foundation
import KeyPaths
import Testing

/// Delete rules in both schema formats: Xcode's `deletionRule` and the JSON `deleteRule`.
@Suite("Schemas: delete rules")
struct DeleteRuleTests {
    typealias Rule = RelationshipDescription.DeleteRule

    /// A model with one relationship `A.r` whose `<relationship>` carries `extra`.
    static func xml(_ extra: String) -> String {
        """
        <model type="com.apple.IDECoreDataModeler.DataModel">
        <entity name="A">
        <relationship name="r" optional="YES" toMany="YES"\(extra) destinationEntity="A"/>
        </entity>
        </model>
        """
    }

    @Test(
        "each Xcode deletionRule reads as its rule; none reads as Nullify",
        arguments: [
            (#" deletionRule="Nullify""#, Rule.nullify), (#" deletionRule="Cascade""#, .cascade),
            (#" deletionRule="Deny""#, .deny), (#" deletionRule="No Action""#, .noAction), ("", .nullify),
        ])
    func xcodeSpellings(extra: String, rule: Rule) throws {
        let schema = try CoreDataModelLoader.load(string: Self.xml(extra))
        #expect(schema.allRelationships(of: "A").map(\.deleteRule) == [rule])
    }

    @Test(
        "an unknown deletionRule is an error naming the line and the relationship",
        arguments: [
            (
                "Cascde",
                "line 3: relationship 'r' of entity 'A': 'deletionRule': unknown delete rule 'Cascde'; did you mean 'Cascade'?"
            ),
            (
                "Restrict",
                "line 3: relationship 'r' of entity 'A': 'deletionRule': unknown delete rule 'Restrict'; "
                    + "expected one of Nullify, Cascade, Deny, No Action"
            ),
        ])
    func xcodeUnknown(spelling: String, expected: String) {
        let errors = schemaErrors { () throws(SchemaErrors) in
            try CoreDataModelLoader.load(string: Self.xml(#" deletionRule="\#(spelling)""#))
        }
        #expect(errors?.errors.map(\.description) == [expected])
        #expect(errors?.errors.map(\.kind) == [.invalidField])
    }

    /// A JSON schema with one relationship `A.r` whose object carries `extra`.
    static func json(_ extra: String) -> String {
        #"{"entities": [{"name": "A", "relationships": [{"name": "r", "destination": "A", "toMany": true\#(extra)}]}]}"#
    }

    @Test(
        "each JSON deleteRule reads as its rule; none reads as nullify",
        arguments: [
            (#", "deleteRule": "nullify""#, Rule.nullify), (#", "deleteRule": "cascade""#, .cascade),
            (#", "deleteRule": "deny""#, .deny), (#", "deleteRule": "noAction""#, .noAction), ("", .nullify),
        ])
    func jsonSpellings(extra: String, rule: Rule) throws {
        let schema = try JSONSchemaLoader.load(string: Self.json(extra))
        #expect(schema.allRelationships(of: "A").map(\.deleteRule) == [rule])
    }

    @Test(
        "an unknown or mistyped JSON deleteRule is an error at its path",
        arguments: [
            (
                #", "deleteRule": "cascde""#,
                "entities[0].relationships[0].deleteRule: unknown delete rule 'cascde'; did you mean 'cascade'?"
            ),
            (
                #", "deleteRule": "Cascade""#,
                "entities[0].relationships[0].deleteRule: unknown delete rule 'Cascade'; did you mean 'cascade'?"
            ),
            (#", "deleteRule": true"#, "entities[0].relationships[0].deleteRule: expected a string"),
            (
                #", "deletionRule": "cascade""#,
                "entities[0].relationships[0].deletionRule: unknown field 'deletionRule'; did you mean 'deleteRule'?"
            ),
        ])
    func jsonUnknown(extra: String, expected: String) {
        let errors = schemaErrors { () throws(SchemaErrors) in try JSONSchemaLoader.load(string: Self.json(extra)) }
        #expect(errors?.errors.map(\.kind) == [.invalidField])
        #expect(errors?.description == expected)
    }

    @Test(
        "encoding writes a rule other than nullify, leaves nullify out, and reads back the same",
        arguments: Rule.allCases)
    func encoding(rule: Rule) throws {
        let relationship = RelationshipDescription(name: "r", destination: "A", deleteRule: rule)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(relationship), as: UTF8.self)
        let flags = #""destination":"A","name":"r","optional":false,"ordered":false,"toMany":false"#
        let expected =
            switch rule {
            case .nullify: "{" + flags + "}"
            case .cascade: #"{"deleteRule":"cascade","# + flags + "}"
            case .deny: #"{"deleteRule":"deny","# + flags + "}"
            case .noAction: #"{"deleteRule":"noAction","# + flags + "}"
            }
        #expect(text == expected)
        #expect(try JSONDecoder().decode(RelationshipDescription.self, from: Data(text.utf8)) == relationship)
    }

    @Test("the two spellings of each rule")
    func spellings() {
        #expect(Rule.allCases.map(\.rawValue) == ["nullify", "cascade", "deny", "noAction"])
        #expect(Rule.allCases.map(\.coreDataName) == ["Nullify", "Cascade", "Deny", "No Action"])
        #expect(Rule.allCases.allSatisfy { Rule(coreDataName: $0.coreDataName) == $0 })
        #expect(Rule(coreDataName: "cascade") == nil)
    }

    @Test("the sample's Cascade rules (User.buckets, User.contents) are in both sample forms")
    func sample() throws {
        for schema in [try CoreDataModelLoader.load(contentsOf: SampleModel.bundle), try SampleModel.jsonSchema()] {
            let rules = schema.entities.flatMap { entity in
                entity.relationships.map { "\(entity.name).\($0.name)=\($0.deleteRule)" }
            }
            #expect(
                rules == [
                    "Bucket.contents=Nullify", "Bucket.owner=Nullify", "Content.bucket=Nullify",
                    "Content.owner=Nullify",
                    "Content.tags=Nullify", "Tag.contents=Nullify", "User.buckets=Cascade", "User.contents=Cascade",
                ])
        }
    }
}

extension SampleModel {
    /// Samples/schema.json.
    static func jsonSchema() throws -> Schema {
        try JSONSchemaLoader.load(contentsOf: json)
    }
}
