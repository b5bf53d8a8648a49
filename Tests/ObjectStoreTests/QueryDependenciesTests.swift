import Evaluation
import KeyPaths
import ObjectStore
import Predicates
import Testing

@Suite("Query dependencies: key paths read by a predicate, resolved")
struct QueryDependenciesTests {
    typealias F = ChangeFixtures

    @Test(
        "the key paths a predicate reads",
        arguments: [
            ("name == 'a'", "Content", ["name"]),
            ("bucket.name == 'Inbox' AND #size > 10", "Content", ["bucket.name", "size"]),
            ("ANY tags.name ==[c] 'x'", "Content", ["tags.name"]),
            ("NOT (owner.name BEGINSWITH 'A' OR owner.email == nil)", "Content", ["owner.name", "owner.email"]),
            ("contents.@count > 2", "Bucket", ["contents.@count"]),
            ("contents.@sum.#size > 1000", "Bucket", ["contents.@sum.size"]),
            // `SUBQUERY(…).@count` reads the collection it filters, `contents` (`contents.@count`
            // reads the same keys and is merged into it); `$c.owner.name` is read from the root as
            // `contents.owner.name`.
            (
                "SUBQUERY(contents, $c, $c.owner.name == 'Ann').@count > 0", "Bucket",
                ["contents", "contents.owner.name"]
            ),
            (
                "SUBQUERY(contents, $c, SUBQUERY($c.tags, $t, $t.name == 'x').@count > 0).@count > 0", "Bucket",
                ["contents", "contents.tags", "contents.tags.name"]
            ),
            // Without the variable, a key path inside the SUBQUERY reads the evaluated object.
            ("SUBQUERY(contents, $c, name == 'x').@count > 0", "Bucket", ["contents", "name"]),
            ("tags[FIRST].name == 'x'", "Content", ["tags", "tags.name"]),
            ("SELF.bucket.owner == %@", "Content", ["bucket.owner"]),
            ("SELF IN %@", "Content", []),
            ("TRUEPREDICATE", "Content", []),
            ("#size + bucket.contents.@count > 3", "Content", ["size", "bucket.contents.@count"]),
            ("TERNARY(#size > 3, name, bucket.name) == 'x'", "Content", ["size", "name", "bucket.name"]),
            (
                "uppercase(name) == 'X' AND #size BETWEEN {1, owner.contents.@count}", "Content",
                ["name", "size", "owner.contents.@count"]
            ),
        ])
    func keyPaths(format: String, root: String, expected: [String]) throws {
        let dependencies = try QueryDependencies(
            schema: try F.schema(), rootEntity: root,
            predicate: try PredicateNode(format: format, argumentArray: format.contains("%@") ? [.array([])] : []))
        #expect(dependencies.paths.map(\.keyPath) == expected)
        #expect(dependencies.paths.allSatisfy { $0.roles == .membership })
    }

    @Test("a SUBQUERY key path without a variable is read from the evaluated object, as Apple does")
    func subqueryOuterObject() throws {
        // `name` exists on the element (Content) and on the root (Bucket): only the root's counts.
        let dependencies = try QueryDependencies(
            schema: try F.schema(), rootEntity: "Bucket",
            predicate: try PredicateNode(format: "SUBQUERY(contents, $c, name == 'x').@count > 0"))
        #expect(dependencies.paths.map(\.keyPath) == ["contents", "name"])
        #expect(dependencies.properties[EntityProperty("Content", "name")] == nil)
        #expect(dependencies.properties[EntityProperty("Bucket", "name")] == .membership)
    }

    @Test("steps of a multi-hop path, with inverses")
    func steps() throws {
        let dependencies = try QueryDependencies(
            schema: try F.schema(), rootEntity: "Content", predicate: nil, displayKeyPaths: ["bucket.owner.name"])
        let path = try #require(dependencies.paths.first)
        #expect(
            path.steps.map(\.description) == [
                "Content.bucket -> Bucket (inverse contents)", "Bucket.owner -> User (inverse buckets)", "User.name",
            ])
        #expect(path.roles == .display)
    }

    @Test("the (entity, property) pairs: relationships, destination, inverses and sub-entities, with roles")
    func pairs() throws {
        let dependencies = try QueryDependencies(
            schema: try F.schema(), rootEntity: "Content",
            predicate: try PredicateNode(format: "bucket.name == 'Inbox' AND ANY tags.name == 'x'"),
            sortKeyPaths: ["creationDate"], displayKeyPaths: ["bucket.owner.name"])
        #expect(
            dependencies.properties(with: .membership).map(\.description) == [
                "Bucket.contents", "Bucket.name", "Content.bucket", "Content.tags", "ImageContent.bucket",
                "ImageContent.tags",
                "Tag.contents", "Tag.name", "ThumbnailContent.bucket", "ThumbnailContent.tags",
            ])
        #expect(
            dependencies.properties(with: .order).map(\.description) == [
                "Content.creationDate", "ImageContent.creationDate", "ThumbnailContent.creationDate",
            ])
        #expect(
            dependencies.properties(with: .display).map(\.description) == [
                "Bucket.contents", "Bucket.owner", "Content.bucket", "ImageContent.bucket", "ThumbnailContent.bucket",
                "User.buckets", "User.name",
            ])
        #expect(dependencies.properties[EntityProperty("Bucket", "contents")] == [.membership, .display])
        #expect(dependencies.properties[EntityProperty("User", "email")] == nil)
    }

    @Test("the same path read for two reasons is one path with both roles")
    func mergedRoles() throws {
        let dependencies = try QueryDependencies(
            schema: try F.schema(), rootEntity: "Content", predicate: try PredicateNode(format: "name == 'a'"),
            sortKeyPaths: ["name"], displayKeyPaths: ["name"])
        #expect(dependencies.paths.count == 1)
        #expect(dependencies.paths.first?.roles == [.membership, .order, .display])
    }

    @Test(
        "errors name the key path and point at it",
        arguments: [
            (
                "bucket.nmae == 'Inbox'", "Content",
                "1:8: error: 'Bucket' has no property 'nmae'\nbucket.nmae == 'Inbox'\n       ^^^^\nnote: did you mean 'name'?"
            ),
            (
                "#size > 1 AND ANY tags.nam == 'x'", "Content",
                "1:24: error: 'Tag' has no property 'nam'\n#size > 1 AND ANY tags.nam == 'x'\n                       ^^^\nnote: did you mean 'name'?"
            ),
            (
                "SUBQUERY(contents, $c, $c.titel == 'x').@count > 0", "Bucket",
                "1:27: error: 'Content' has no property 'titel'\nSUBQUERY(contents, $c, $c.titel == 'x').@count > 0\n                          ^^^^^"
            ),
            (
                "$x.name == 'a'", "Content",
                "1:1: error: '$x' is not bound by a SUBQUERY, so the keys read through it are unknown\n$x.name == 'a'\n^^^^^^^"
            ),
            (
                "ANYKEY == 'a'", "Content",
                "1:1: error: ANYKEY may read any key, so the keys it reads are unknown\nANYKEY == 'a'\n^^^^^^"
            ),
        ])
    func errors(format: String, root: String, expected: String) throws {
        let predicate = try PredicateNode(format: format)
        let schema = try F.schema()
        do {
            _ = try QueryDependencies(schema: schema, rootEntity: root, predicate: predicate)
            Issue.record("expected an error")
        } catch {
            #expect(error.rendered(in: format) == expected)
        }
    }

    @Test("unknown root entity, and a relationship without an inverse")
    func otherErrors() throws {
        #expect(throws: DependencyError.self) {
            try QueryDependencies(schema: try F.schema(), rootEntity: "Contnet", predicate: nil)
        }
        let schema = Schema(entities: [
            EntityDescription(
                name: "A", relationships: [RelationshipDescription(name: "b", destination: "B", isOptional: true)]),
            EntityDescription(name: "B", attributes: [AttributeDescription(name: "name", type: .string)]),
        ])
        do {
            _ = try QueryDependencies(schema: schema, rootEntity: "A", predicate: nil, sortKeyPaths: ["b.name"])
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .missingInverse)
            #expect(
                error.description == "'b.name': 'A.b' has no inverse, so a change on 'B' cannot be traced back to 'A'")
        }
    }
}
