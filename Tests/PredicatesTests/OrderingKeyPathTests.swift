import Foundation
import KeyPaths
import Predicates
import Testing

/// The one rule for sort keys and section key paths, on the sample model: an attribute reached
/// through to-one relationships, else a refusal with a caret under the component at fault.
/// Expected text written by hand from ``OrderingKeyPath``'s documentation.
@Suite("Sort keys and section key paths: one rule")
struct OrderingKeyPathTests {
    @Test(
        "attributes through to-one relationships are accepted",
        arguments: [
            ("Content", "creationDate"), ("Content", "bucket.name"), ("Content", "bucket.owner.name"),
            ("Content", "owner.email"), ("ImageContent", "width"), ("Bucket", "owner.name"),
        ])
    func accepted(entity: String, keyPath: String) throws {
        for role in OrderingKeyPath.Role.allCases {
            let resolved = try OrderingKeyPath.resolve(
                keyPath, role: role, schema: CheckingSample.schema(), entity: entity)
            #expect(resolved.keyPath == keyPath)
        }
    }

    @Test(
        "anything else is refused, rendered against the key path",
        arguments: [
            (
                "Content", "bucket", OrderingKeyPath.Role.sectionKeyPath,
                """
                1:1: error: the section key path 'bucket' ends on the relationship 'bucket', not an attribute
                bucket
                ^^^^^^
                note: sort keys and section key paths end in an attribute, e.g. bucket.name
                """
            ),
            (
                "Content", "bucket.owner", .sortKey,
                """
                1:8: error: the sort key 'bucket.owner' ends on the relationship 'owner', not an attribute
                bucket.owner
                       ^^^^^
                note: sort keys and section key paths end in an attribute, e.g. bucket.owner.name
                """
            ),
            (
                "Content", "tags.name", .sortKey,
                """
                1:1: error: the sort key 'tags.name' goes through the to-many relationship 'tags'
                tags.name
                ^^^^
                note: sort keys and section key paths reach an attribute through to-one relationships
                """
            ),
            (
                "Content", "tags", .sectionKeyPath,
                """
                1:1: error: the section key path 'tags' goes through the to-many relationship 'tags'
                tags
                ^^^^
                note: sort keys and section key paths reach an attribute through to-one relationships
                """
            ),
            (
                "Content", "bucket.contents.@count", .sortKey,
                """
                1:8: error: the sort key 'bucket.contents.@count' goes through the to-many relationship 'contents'
                bucket.contents.@count
                       ^^^^^^^^
                note: sort keys and section key paths reach an attribute through to-one relationships
                """
            ),
            (
                "Content", "bucket.nmae", .sortKey,
                """
                1:8: error: 'Bucket' has no property 'nmae'
                bucket.nmae
                       ^^^^
                note: did you mean 'name'?
                """
            ),
        ])
    func refused(entity: String, keyPath: String, role: OrderingKeyPath.Role, expected: String) throws {
        let error = #expect(throws: SchemaCheckError.self) {
            try OrderingKeyPath.resolve(keyPath, role: role, schema: CheckingSample.schema(), entity: entity)
        }
        #expect(error?.rendered == expected)
        #expect(error?.source == keyPath)
        #expect(error?.diagnostics.allSatisfy { SchemaCheckCatalog.identifiers.contains($0.id) } == true)
    }
}
