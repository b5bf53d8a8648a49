import KeyPaths
import Predicates
import Testing

/// The output of checking: types and resolved hops that the back ends read.
@Suite("Checked predicate: types, resolved key paths, variables")
struct CheckedPredicateTests {
    static func checked(_ format: String, _ entity: String, _ arguments: [PredicateValue] = []) throws
        -> CheckedPredicate
    {
        let predicate = try PredicateParser().parsePredicate(format, arguments: arguments)
        return try CheckedPredicate(predicate, schema: try CheckingSample.schema(), entity: entity, source: format)
    }

    /// The comparison at the top of a checked predicate.
    static func comparison(_ checked: CheckedPredicate) throws -> CheckedComparison {
        guard case .comparison(let comparison) = checked.condition.kind else {
            throw CheckFailure("not a comparison")
        }
        return comparison
    }

    struct CheckFailure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// `Content.bucket -> Bucket (inverse contents)` for a hop.
    static func describe(_ hop: RelationshipHop) -> String {
        let arrow = hop.isToMany ? "->>" : "->"
        return "\(hop.sourceEntity).\(hop.sourceProperty) \(arrow) \(hop.destinationEntity)"
            + (hop.inverse.map { " (inverse \($0))" } ?? "")
    }

    @Test("an attribute of the root: no hops, a string on both sides")
    func attribute() throws {
        let checked = try Self.checked("name == 'x'", "Content")
        let path = try #require(checked.keyPaths.first)
        #expect(checked.keyPaths.count == 1)
        #expect(path.base == .evaluatedObject)
        #expect(path.entity == "Content")
        #expect(path.resolved?.hops == [])
        #expect(path.resolved?.destinationProperty?.attribute?.type == .string)
        #expect(path.type == .string)
        #expect(path.fromRoot == path.resolved)
        let comparison = try Self.comparison(checked)
        #expect(comparison.left.type == .string)
        #expect(comparison.right.type == .string)
        #expect(comparison.subjectType == .string)
        guard case .keyPath(let leftPath) = comparison.left.kind, case .constant(.string("x")) = comparison.right.kind
        else {
            Issue.record("expected keyPath == constant")
            return
        }
        #expect(leftPath == path)
    }

    @Test("a two-hop path: each hop with its inverse, the final attribute and its type")
    func multiHop() throws {
        let checked = try Self.checked("bucket.owner.name BEGINSWITH 'A'", "Content")
        let path = try #require(checked.keyPaths.first)
        let resolved = try #require(path.resolved)
        #expect(
            resolved.hops.map(Self.describe) == [
                "Content.bucket -> Bucket (inverse contents)", "Bucket.owner -> User (inverse buckets)",
            ])
        #expect(resolved.destinationEntity == "User")
        #expect(resolved.destinationPropertyName == "name")
        #expect(path.type == .string)
        #expect(path.text == "bucket.owner.name")
    }

    @Test("a sub-entity root: inherited relationships are declared by the parent")
    func subEntityRoot() throws {
        let checked = try Self.checked("bucket.name == 'x' AND width > 10", "ImageContent")
        #expect(checked.keyPaths.map(\.text) == ["bucket.name", "width"])
        let hop = try #require(checked.keyPaths[0].resolved?.hops.first)
        #expect(hop.sourceEntity == "ImageContent")
        #expect(hop.declaringEntity == "Content")
        #expect(checked.keyPaths[1].type == .integer)
        // `width` is not a key of Content: from the parent entity it does not check.
        #expect(throws: SchemaCheckError.self) { try Self.checked("width > 10", "Content") }
    }

    @Test("to-many paths under ANY: the collection's element is compared")
    func quantified() throws {
        let checked = try Self.checked("ANY tags.name ==[c] 'x'", "Content")
        let comparison = try Self.comparison(checked)
        #expect(comparison.left.type == .collection(of: .string))
        #expect(comparison.subjectType == .string)
        let hop = try #require(checked.keyPaths.first?.resolved?.hops.first)
        #expect(Self.describe(hop) == "Content.tags ->> Tag (inverse contents)")
    }

    @Test("SUBQUERY: the variable ranges over the collection's entity; plain key paths read the root")
    func subquery() throws {
        let checked = try Self.checked("SUBQUERY(tags, $t, $t.name ==[c] 'x' AND name == 'y').@count > 0", "Content")
        #expect(checked.keyPaths.map(\.base) == [.evaluatedObject, .variable("t"), .evaluatedObject, .collection])
        #expect(checked.keyPaths.map(\.entity) == ["Content", "Tag", "Content", "Tag"])
        #expect(checked.keyPaths.map { $0.fromRoot?.keyPath } == ["tags", "tags.name", "name", "tags.@count"])
        let count = checked.keyPaths[3]
        #expect(count.collectionOperator == .count)
        #expect(count.resolved == nil)
        #expect(count.type == .integer)
        let comparison = try Self.comparison(checked)
        guard case .member(let base, _) = comparison.left.kind,
            case .subquery(let collection, let variable, let element, let inner) = base.kind
        else {
            Issue.record("expected SUBQUERY(…).@count")
            return
        }
        #expect(variable == "t")
        #expect(element == .object(entity: "Tag"))
        #expect(collection.type == .collection(of: .object(entity: "Tag")))
        #expect(base.type == .collection(of: .object(entity: "Tag")))
        guard case .and(let parts) = inner.kind, case .comparison(let first) = parts.first?.kind else {
            Issue.record("expected an AND inside the SUBQUERY")
            return
        }
        #expect(first.left.type == .string)
        #expect(checked.variables.isEmpty)
    }

    @Test(
        "collection operators and functions have the types of their results",
        arguments: [
            ("contents.@count > 2", "Bucket", StaticType.integer),
            ("contents.@avg.#size > 2", "Bucket", .floating),
            ("contents.@sum.#size > 2", "Bucket", .integer),
            ("contents.@max.creationDate > now()", "Bucket", .date),
            ("count:(contents) > 2", "Bucket", .integer),
            ("length(name) > 2", "Bucket", .integer),
            ("owner.buckets.@count > 2", "Content", .integer),
        ])
    func aggregates(format: String, entity: String, type: StaticType) throws {
        let comparison = try Self.comparison(try Self.checked(format, entity))
        #expect(comparison.left.type == type)
    }

    @Test("%K keys resolve like written keys; every component points at the %K")
    func keyArguments() throws {
        let checked = try Self.checked("%K == %@", "Content", [.string("bucket.name"), .string("Inbox")])
        let path = try #require(checked.keyPaths.first)
        #expect(path.keys == ["bucket", "name"])
        #expect(path.componentRanges == [SourceRange(0, 2), SourceRange(0, 2)])
        #expect(path.resolved?.hops.map(\.destinationEntity) == ["Bucket"])
        #expect(path.type == .string)
    }

    @Test("a misspelt middle component is pointed at, with a suggestion")
    func misspeltMiddle() throws {
        let format = "bucket.ownr.name == 'x'"
        let predicate = try PredicateNode(format: format)
        let schema = try CheckingSample.schema()
        do throws(SchemaCheckError) {
            _ = try CheckedPredicate(predicate, schema: schema, entity: "Content", source: format)
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.map(\.range) == [SourceRange(7, 11)])
            #expect(
                error.rendered == """
                    1:8: error: 'Bucket' has no property 'ownr'
                    bucket.ownr.name == 'x'
                           ^^^^
                    note: did you mean 'owner'?
                    """)
        }
    }

    @Test("variables the predicate needs, typed by what they meet; reads through an unbound variable")
    func variables() throws {
        let checked = try Self.checked(
            "#size > $min AND $name == name AND $free.x == 1 AND SUBQUERY(tags, $t, $t.name == 'a').@count > 0",
            "Content")
        #expect(checked.variables == ["min": .integer, "name": .string, "free": .unknown])
        #expect(checked.unknownReads.map(\.range) == [SourceRange(35, 42)])
        let assigned = try Self.checked("($n := 2) == $n", "Content")
        #expect(assigned.variables.isEmpty)
    }

    @Test("ANYKEY and FUNCTION on SELF are reads whose keys cannot be known")
    func unknownReads() throws {
        let checked = try Self.checked("ANYKEY == 'a' OR FUNCTION(SELF, 'f') == 1", "Content")
        #expect(
            checked.unknownReads.map(\.message) == [
                "ANYKEY may read any key, so the keys it reads are unknown",
                "FUNCTION on SELF may read any key, so the keys it reads are unknown",
            ])
    }

    @Test("root key paths and their prefixes are looked up without resolving again")
    func rootLookup() throws {
        let checked = try Self.checked("bucket.owner.name == 'x' AND tags.@count > 1", "Content")
        #expect(checked.resolvedKeyPath(["bucket", "owner", "name"])?.destinationEntity == "User")
        #expect(checked.resolvedKeyPath(["bucket"])?.destinationPropertyName == "bucket")
        #expect(checked.resolvedKeyPath(["tags"])?.isToMany == true)
        #expect(checked.resolvedKeyPath(["name"]) == nil)
    }

    @Test("a tree built in code nested deeper than checking walks is reported, not walked")
    func depth() throws {
        var node = PredicateNode(
            .comparison(
                Comparison(
                    left: ExpressionNode(.keyPath([.key("name")])), operator: .equalTo,
                    right: ExpressionNode(.constant(.string("x"))))))
        for _ in 0..<3000 { node = PredicateNode(.not(node)) }
        let found = node.check(against: try CheckingSample.schema(), entity: "Content")
        #expect(found.map(\.id) == ["nesting-too-deep"])
    }
}
