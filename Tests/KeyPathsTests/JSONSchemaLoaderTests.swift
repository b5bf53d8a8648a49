import Foundation
import KeyPaths
import Testing

@Suite("JSON schema loader")
struct JSONSchemaLoaderTests {
    @Test("the shipped Samples/schema.json equals the hand-written sample model")
    func sample() throws {
        #expect(try JSONSchemaLoader.load(contentsOf: SampleModel.json) == SampleModel.expected)
        #expect(try Schema.load(contentsOf: SampleModel.json) == SampleModel.expected)
    }

    @Test("omitted fields take their documented defaults")
    func defaults() throws {
        let schema = try JSONSchemaLoader.load(
            string: """
                {"entities": [
                  {"name": "A", "attributes": [{"name": "x", "type": "double"}],
                   "relationships": [{"name": "b", "destination": "B"}]},
                  {"name": "B", "parent": null, "abstract": true, "table": "b_table", "className": "BClass",
                   "attributes": [{"name": "y", "type": "uuid", "optional": true, "transient": true}],
                   "relationships": [{"name": "as", "destination": "A", "inverse": null,
                                      "toMany": true, "ordered": true, "optional": true}]}
                ]}
                """)
        #expect(
            schema.entities == [
                EntityDescription(
                    name: "A", attributes: [AttributeDescription(name: "x", type: .double)],
                    relationships: [RelationshipDescription(name: "b", destination: "B")]),
                EntityDescription(
                    name: "B", isAbstract: true,
                    attributes: [AttributeDescription(name: "y", type: .uuid, isOptional: true, isTransient: true)],
                    relationships: [
                        RelationshipDescription(
                            name: "as", destination: "A", isToMany: true, isOrdered: true, isOptional: true)
                    ],
                    tableName: "b_table", className: "BClass"),
            ])
    }

    @Test(
        "every attribute type name",
        arguments: AttributeType.allCases)
    func typeNames(type: AttributeType) throws {
        // `undefined` is allowed for transient attributes only.
        let transient = type == .undefined ? #", "transient": true"# : ""
        let schema = try JSONSchemaLoader.load(
            string:
                #"{"entities": [{"name": "A", "attributes": [{"name": "x", "type": "\#(type.rawValue)"\#(transient)}]}]}"#
        )
        #expect(
            schema.allAttributes(of: "A") == [
                AttributeDescription(name: "x", type: type, isTransient: type == .undefined)
            ])
    }

    @Test(
        "malformed documents name the offending element",
        arguments: [
            (#"{}"#, SchemaError.Kind.missingField, "document: missing required field 'entities'"),
            (#"{"entities": {}}"#, .invalidField, "entities: expected an array"),
            (
                #"{"entities": [{"name": "A"}], "version": 2}"#, .invalidField,
                "version: unknown field 'version'; expected one of entities"
            ),
            (
                #"{"entities": [{"nam": "A"}]}"#, .invalidField,
                "entities[0].nam: unknown field 'nam'; did you mean 'name'?"
            ),
            (
                #"{"entities": [{"name": "A"}, {"parent": "A"}]}"#, .missingField,
                "entities[1]: missing required field 'name'"
            ),
            (#"{"entities": [{"name": 3}]}"#, .invalidField, "entities[0].name: expected a string"),
            (#"{"entities": [{"name": null}]}"#, .invalidField, "entities[0].name: expected a string, found null"),
            (
                #"{"entities": [{"name": "A", "abstract": "YES"}]}"#, .invalidField,
                "entities[0].abstract: expected true or false"
            ),
            (
                #"{"entities": [{"name": "A", "attributes": [{"name": "x", "type": "strng"}]}]}"#,
                .unknownAttributeType,
                "entities[0].attributes[0].type: unknown attribute type 'strng'; did you mean 'string'?"
            ),
            (
                #"{"entities": [{"name": "A", "attributes": [{"name": "x", "type": "String"}]}]}"#,
                .unknownAttributeType,
                "entities[0].attributes[0].type: unknown attribute type 'String'; did you mean 'string'?"
            ),
            (
                #"{"entities": [{"name": "A", "attributes": [{"name": "x", "type": "text"}]}]}"#,
                .unknownAttributeType,
                "entities[0].attributes[0].type: unknown attribute type 'text'; expected one of string, integer16, integer32, "
                    + "integer64, double, float, decimal, boolean, date, binary, uuid, uri, transformable, undefined"
            ),
            (
                #"{"entities": [{"name": "A", "attributes": [{"name": "x"}]}]}"#,
                .missingField, "entities[0].attributes[0]: missing required field 'type'"
            ),
            (
                #"{"entities": [{"name": "A", "attributes": [{"name": "x", "type": "date", "optinal": true}]}]}"#,
                .invalidField, "entities[0].attributes[0].optinal: unknown field 'optinal'; did you mean 'optional'?"
            ),
            (
                #"{"entities": [{"name": "A", "relationships": [{"name": "r", "toMany": true}]}]}"#,
                .missingField, "entities[0].relationships[0]: missing required field 'destination'"
            ),
            (
                #"{"entities": [{"name": "A", "relationships": [{"name": "r", "destination": "A", "to_many": true}]}]}"#,
                .invalidField, "entities[0].relationships[0].to_many: unknown field 'to_many'; did you mean 'toMany'?"
            ),
        ])
    func malformed(json: String, kind: SchemaError.Kind, expected: String) {
        let errors = schemaErrors { () throws(SchemaErrors) in try JSONSchemaLoader.load(string: json) }
        #expect(errors?.errors.map(\.kind) == [kind])
        #expect(errors?.description == expected)
    }

    @Test("text that is not JSON is a malformed document")
    func notJSON() {
        let errors = schemaErrors { () throws(SchemaErrors) in try JSONSchemaLoader.load(string: #"{"entities": [}"#) }
        #expect(errors?.errors.map(\.kind) == [.malformedDocument])
        #expect(errors?.errors.first?.location == "line 1, column 15")
        #expect(errors?.description == "line 1, column 15: expected a value or ']', found '}'")
    }

    @Test("a decoded schema is validated, and every problem is reported")
    func validation() throws {
        let json = #"""
            {"entities": [{"name": "A", "parent": "Z",
                           "relationships": [{"name": "b", "destination": "B", "inverse": "a"}]}]}
            """#
        let errors = schemaErrors { () throws(SchemaErrors) in try JSONSchemaLoader.load(string: json) }
        #expect(
            errors?.errors.map(\.description) == [
                "'A': parent entity 'Z' does not exist",
                "'A.b': destination entity 'B' does not exist",
            ])
        let unchecked = try JSONSchemaLoader.load(string: json, validate: false)
        #expect(unchecked.entityNames == ["A"])
    }

    @Test("a missing file is unreadable")
    func missingFile() {
        let url = URL(fileURLWithPath: "/nonexistent/schema.json")
        let errors = schemaErrors { () throws(SchemaErrors) in try Schema.load(contentsOf: url) }
        #expect(errors?.description == "/nonexistent/schema.json: no such file")
        #expect(errors?.errors.map(\.kind) == [.unreadableFile])
    }
}
