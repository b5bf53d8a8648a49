import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// The direction of an attribute update for a query, from its new value alone: which
/// predicates are monotone in the attribute, and which reached roots the update can change.
/// Every expectation is written from the rule (``ChangeDirectionAnalysis``): an atom that is
/// now false under positive polarity (true under `NOT`) can only make members leave; now true
/// (false under `NOT`), only make non-members join; anything else is unknown.
@Suite("Change direction: which reached roots an attribute update can change")
struct ChangeDirectionTests {
    /// Users own Buckets, Buckets hold Contents (and ImageContents), Contents have Tags.
    static let schema = Schema(entities: [
        EntityDescription(
            name: "User",
            attributes: [
                AttributeDescription(name: "name", type: .string),
                AttributeDescription(name: "age", type: .integer64),
            ],
            relationships: [
                RelationshipDescription(name: "buckets", destination: "Bucket", inverse: "owner", isToMany: true)
            ]),
        EntityDescription(
            name: "Bucket", attributes: [AttributeDescription(name: "name", type: .string)],
            relationships: [
                RelationshipDescription(name: "contents", destination: "Content", inverse: "bucket", isToMany: true),
                RelationshipDescription(name: "owner", destination: "User", inverse: "buckets", isOptional: true),
            ]),
        EntityDescription(
            name: "Tag", attributes: [AttributeDescription(name: "name", type: .string)],
            relationships: [
                RelationshipDescription(name: "contents", destination: "Content", inverse: "tags", isToMany: true)
            ]),
        EntityDescription(
            name: "Content",
            attributes: [
                AttributeDescription(name: "name", type: .string),
                AttributeDescription(name: "size", type: .integer64),
                AttributeDescription(name: "created", type: .date),
            ],
            relationships: [
                RelationshipDescription(name: "bucket", destination: "Bucket", inverse: "contents", isOptional: true),
                RelationshipDescription(name: "tags", destination: "Tag", inverse: "contents", isToMany: true),
            ]),
        EntityDescription(
            name: "ImageContent", parent: "Content", attributes: [AttributeDescription(name: "width", type: .integer64)]
        ),
    ])

    /// The direction of setting `attributes` on an object of `entity`, for a query over `root`.
    static func direction(
        _ format: String, root: String = "Content", sort: [String] = [], entity: String,
        _ attributes: [String: PredicateValue], relationships: [String: RelationshipChange] = [:]
    ) throws -> ChangeDirection {
        var request = FetchRequest(entity: root, predicate: try PredicateParser().parsePredicate(format, arguments: []))
        request.sortKeys = sort.map { SortKey($0) }
        let checked = try CheckedFetchRequest(request, schema: schema)
        let analysis = ChangeDirectionAnalysis(
            predicate: checked.predicate, dependencies: try QueryDependencies(checked), schema: schema)
        let update = UpdatedObject(id: .int(1), attributes: attributes, relationships: relationships)
        return analysis.direction(of: update, entity: entity)
    }

    @Test("a comparison on the root: true joins, false leaves, nil is false")
    func rootComparison() throws {
        #expect(try Self.direction("#size < 100", entity: "Content", ["size": 5]) == .joining)
        #expect(try Self.direction("#size < 100", entity: "Content", ["size": 500]) == .leaving)
        #expect(try Self.direction("#size < 100", entity: "Content", ["size": .null]) == .leaving)
        #expect(try Self.direction("#size BETWEEN {10, 20}", entity: "Content", ["size": 15]) == .joining)
        #expect(try Self.direction("#size BETWEEN {10, 20}", entity: "Content", ["size": 21]) == .leaving)
        #expect(try Self.direction("#size IN {1, 2}", entity: "Content", ["size": 2]) == .joining)
        #expect(try Self.direction("100 > #size", entity: "Content", ["size": 5]) == .joining)
        // A sub-entity's update is read by the atom on its parent.
        #expect(try Self.direction("#size < 100", entity: "ImageContent", ["size": 5]) == .joining)
    }

    @Test("NOT flips the polarity; AND and OR keep it")
    func polarity() throws {
        #expect(try Self.direction("NOT (#size < 100)", entity: "Content", ["size": 5]) == .leaving)
        #expect(try Self.direction("NOT (#size < 100)", entity: "Content", ["size": 500]) == .joining)
        #expect(try Self.direction("NOT (NOT (#size < 100))", entity: "Content", ["size": 5]) == .joining)
        #expect(try Self.direction("#size < 100 OR #size > 900", entity: "Content", ["size": 500]) == .leaving)
        #expect(try Self.direction("#size > 900 OR #size > 800", entity: "Content", ["size": 950]) == .joining)
        // One atom now false, the other now true: the rule does not look further (the OR is in
        // fact true, but which atom changed is not known without the old value).
        #expect(try Self.direction("#size < 100 OR #size > 900", entity: "Content", ["size": 950]) == .unknown)
        #expect(try Self.direction("name == 'a' AND #size > 900", entity: "Content", ["size": 950]) == .joining)
        // One atom raises, the other (under NOT) lowers: either way.
        #expect(try Self.direction("#size < 100 AND NOT (#size < 50)", entity: "Content", ["size": 10]) == .unknown)
        #expect(try Self.direction("#size < 100 AND NOT (#size < 50)", entity: "Content", ["size": 70]) == .joining)
    }

    @Test("to-one hops: the new value of the object reached, with the comparison's options")
    func toOneHops() throws {
        let owner = "bucket.owner.name == 'Ann'"
        #expect(try Self.direction(owner, entity: "User", ["name": "Ann"]) == .joining)
        #expect(try Self.direction(owner, entity: "User", ["name": "Bob"]) == .leaving)
        #expect(try Self.direction("bucket.owner.name ==[c] 'Ann'", entity: "User", ["name": "ANN"]) == .joining)
        #expect(try Self.direction("bucket.owner.name ==[cd] 'Ann'", entity: "User", ["name": "ÀNN"]) == .joining)
        #expect(try Self.direction("bucket.name BEGINSWITH 'In'", entity: "Bucket", ["name": "Inbox"]) == .joining)
        // Content.name is not read by the predicate (Bucket.name and User.name are).
        #expect(try Self.direction("bucket.name == 'x'", entity: "Content", ["name": "x"]) == .leaving)
    }

    @Test("ANY and ALL keep the polarity per element, NONE flips it")
    func quantifiers() throws {
        #expect(try Self.direction("ANY tags.name == 'x'", entity: "Tag", ["name": "x"]) == .joining)
        #expect(try Self.direction("ANY tags.name == 'x'", entity: "Tag", ["name": "y"]) == .leaving)
        #expect(try Self.direction("NONE tags.name == 'x'", entity: "Tag", ["name": "x"]) == .leaving)
        #expect(try Self.direction("NONE tags.name == 'x'", entity: "Tag", ["name": "y"]) == .joining)
        #expect(try Self.direction("ALL tags.name BEGINSWITH 'a'", entity: "Tag", ["name": "ab"]) == .joining)
        #expect(try Self.direction("ALL tags.name BEGINSWITH 'a'", entity: "Tag", ["name": "b"]) == .leaving)
        #expect(try Self.direction("ANY bucket.contents.#size > 3", entity: "Content", ["size": 4]) == .joining)
    }

    @Test("dates and numbers compare by the engine's semantics")
    func values() throws {
        let before = "created < CAST(86400, 'NSDate')"
        let early = PredicateValue.date(Date(timeIntervalSinceReferenceDate: 0))
        let late = PredicateValue.date(Date(timeIntervalSinceReferenceDate: 172_800))
        #expect(try Self.direction(before, entity: "Content", ["created": early]) == .joining)
        #expect(try Self.direction(before, entity: "Content", ["created": late]) == .leaving)
        #expect(try Self.direction("#size == 2.0", entity: "Content", ["size": 2]) == .joining)
        #expect(try Self.direction("bucket.owner.age >= 18", entity: "User", ["age": 18]) == .joining)
    }

    @Test("a sort key: a member must move, so joining becomes unknown; an attribute only sorted on leaves")
    func sortKeys() throws {
        #expect(try Self.direction("#size < 100", sort: ["size"], entity: "Content", ["size": 5]) == .unknown)
        #expect(try Self.direction("#size < 100", sort: ["size"], entity: "Content", ["size": 500]) == .leaving)
        #expect(try Self.direction("#size < 100", sort: ["name"], entity: "Content", ["name": "b"]) == .leaving)
        #expect(try Self.direction("#size < 100", sort: ["name"], entity: "Content", ["size": 5]) == .joining)
        #expect(
            try Self.direction("bucket.name == 'x'", sort: ["bucket.name"], entity: "Bucket", ["name": "x"]) == .unknown
        )
    }

    @Test("reads that are not monotone atoms are unknown")
    func opaqueReads() throws {
        #expect(
            try Self.direction("contents.@sum.#size > 3", root: "Bucket", entity: "Content", ["size": 9]) == .unknown)
        #expect(
            try Self.direction("contents.@max.#size < 3", root: "Bucket", entity: "Content", ["size": 0]) == .unknown)
        #expect(try Self.direction("#size * 2 < 10", entity: "Content", ["size": 1]) == .unknown)
        #expect(try Self.direction("name == bucket.name", entity: "Content", ["name": "a"]) == .unknown)
        #expect(try Self.direction("name == bucket.name", entity: "Bucket", ["name": "a"]) == .unknown)
        let subquery = "SUBQUERY(tags, $t, $t.name == 'x').@count > 0"
        #expect(try Self.direction(subquery, entity: "Tag", ["name": "x"]) == .unknown)
        // Read in an atom and elsewhere: the other read decides.
        #expect(try Self.direction("#size < 5 AND #size * 2 > 4", entity: "Content", ["size": 9]) == .unknown)
    }

    @Test("relationship changes and several attributes at once")
    func combinations() throws {
        let move = RelationshipChange.toOne(old: .int(1), new: .int(2))
        let owned = "bucket.name == 'x' AND #size < 100"
        #expect(try Self.direction(owned, entity: "Content", [:], relationships: ["bucket": move]) == .unknown)
        #expect(
            try Self.direction(owned, entity: "Content", ["size": 500], relationships: ["bucket": move]) == .unknown)
        // A relationship no key path reads changes nothing the query sees: the attributes decide.
        #expect(try Self.direction("#size < 100", entity: "Content", [:], relationships: ["bucket": move]) == .leaving)
        #expect(
            try Self.direction("#size < 100", entity: "Content", ["size": 5], relationships: ["bucket": move])
                == .joining)
        // A Bucket renamed while a Content moves out of it: its `contents` change is the other
        // side of the Content's own (unknown) update, and the rename can only make members leave.
        let loses = RelationshipChange.toMany(added: [], removed: [.int(7)])
        #expect(
            try Self.direction(
                "bucket.name == 'Bucket 1'", entity: "Bucket", ["name": "Bucket 15 r1"],
                relationships: ["contents": loses])
                == .leaving)
        #expect(
            try Self.direction(
                "bucket.name == 'Bucket 1'", entity: "Bucket", ["name": "Bucket 1"], relationships: ["contents": loses])
                == .joining)
        let both = "#size < 100 AND name == 'a'"
        #expect(try Self.direction(both, entity: "Content", ["size": 5, "name": "b"]) == .unknown)
        #expect(try Self.direction(both, entity: "Content", ["size": 5, "name": "a"]) == .joining)
        #expect(try Self.direction(both, entity: "Content", ["size": 500, "name": "b"]) == .leaving)
        // An attribute nothing reads (a display-only change) can only touch members.
        #expect(try Self.direction("#size < 100", entity: "ImageContent", ["width": 3]) == .leaving)
    }

    @Test("a counted relationship: links added raise count > k, links removed lower it")
    func counts() throws {
        let gains = RelationshipChange.toMany(added: [.int(7)], removed: [])
        let loses = RelationshipChange.toMany(added: [], removed: [.int(7)])
        let swaps = RelationshipChange.toMany(added: [.int(8)], removed: [.int(7)])
        func bucket(_ format: String, sort: [String] = [], _ change: RelationshipChange) throws -> ChangeDirection {
            try Self.direction(
                format, root: "Bucket", sort: sort, entity: "Bucket", [:], relationships: ["contents": change])
        }
        // A larger count can only make `> k` true: a Bucket gaining a Content can only join.
        #expect(try bucket("contents.@count > 3", gains) == .joining)
        #expect(try bucket("contents.@count > 3", loses) == .leaving)
        #expect(try bucket("contents.@count >= 3", gains) == .joining)
        // `< k` falls as the count grows; the constant on the left turns the comparison round.
        #expect(try bucket("contents.@count < 3", gains) == .leaving)
        #expect(try bucket("contents.@count <= 3", loses) == .joining)
        #expect(try bucket("3 < contents.@count", gains) == .joining)
        #expect(try bucket("3 >= contents.@count", gains) == .leaving)
        // NOT flips the polarity.
        #expect(try bucket("NOT contents.@count > 3", gains) == .leaving)
        // As many added as removed: the count is the same, no atom changes.
        #expect(try bucket("contents.@count > 3", swaps) == .leaving)
        // With an attribute of the same update: combined as for attributes.
        #expect(
            try Self.direction(
                "contents.@count > 3 AND name == 'a'", root: "Bucket", entity: "Bucket", ["name": "a"],
                relationships: ["contents": gains]) == .joining)
        #expect(
            try Self.direction(
                "contents.@count > 3 AND name == 'a'", root: "Bucket", entity: "Bucket", ["name": "b"],
                relationships: ["contents": gains]) == .unknown)
        // Through to-one hops: the Bucket of a Content.
        #expect(
            try Self.direction(
                "bucket.contents.@count > 3", entity: "Bucket", [:], relationships: ["contents": gains]) == .joining)
    }

    @Test("a counted relationship read otherwise too, or compared otherwise, is unknown")
    func countsOtherwise() throws {
        let gains = RelationshipChange.toMany(added: [.int(7)], removed: [])
        func bucket(_ format: String) throws -> ChangeDirection {
            try Self.direction(format, root: "Bucket", entity: "Bucket", [:], relationships: ["contents": gains])
        }
        #expect(try bucket("contents.@count == 3") == .unknown)
        #expect(try bucket("contents.@count BETWEEN {1, 3}") == .unknown)
        #expect(try bucket("contents.@count > 3 AND ANY contents.name == 'a'") == .unknown)
        #expect(try bucket("contents.@count > 3 AND contents.@sum.#size > 10") == .unknown)
        #expect(try bucket("contents.@count > owner.buckets.@count") == .unknown)
        #expect(try bucket("SUBQUERY(contents, $c, $c.#size > 1).@count > 3") == .unknown)
        // A relationship the predicate does not read at all changes no atom: no root can join.
        #expect(try bucket("name == 'a'") == .leaving)
        // A to-one change is never counted.
        #expect(
            try Self.direction(
                "bucket.contents.@count > 3", entity: "Content", [:],
                relationships: ["bucket": .toOne(old: .int(1), new: .int(2))]) == .unknown)
    }
}
