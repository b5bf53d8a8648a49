import TestSupport
import Testing

@testable import KeyPaths

/// Issue 9 §2: building and validating a schema grows linearly with a deep inheritance chain
/// (it used to grow with the cube of the depth). Measured as a ratio between two sizes of the
/// same run, so the machine's speed does not matter: four times the entities may cost at most
/// eight times as much (a quadratic cost would be sixteen).
@Suite("Schema: cost linear in the depth of inheritance")
struct SchemaScalingTests {
    static func chain(_ depth: Int) -> [EntityDescription] {
        (0..<depth).map { index in
            EntityDescription(
                name: "E\(index)", parent: index == 0 ? nil : "E\(index - 1)",
                attributes: [AttributeDescription(name: "a\(index)", type: .string)])
        }
    }

    /// The best of three runs, in CPU seconds of the calling thread (``ThreadCPUTime``: a
    /// wall clock made the ratio fail when other tests ran beside it).
    static func seconds(_ depth: Int) -> Double {
        let entities = chain(depth)
        var valid = true
        let best = ThreadCPUTime.best(of: 3) {
            let schema = Schema(entities: entities)
            valid = valid && schema.validationErrors().isEmpty
            _ = schema.property(named: "a0", in: "E\(depth - 1)")
        }
        return valid ? best : .infinity
    }

    @Test("a 10,000-deep chain resolves through every level")
    func deepChain() throws {
        let schema = Schema(entities: Self.chain(10_000))
        #expect(schema.validationErrors().isEmpty)
        #expect(schema.declaringEntity(ofProperty: "a0", in: "E9999") == "E0")
        #expect(schema.ancestors(of: "E9999").count == 9_999)
        #expect(schema.isKind("E9999", of: "E0"))
        #expect(!schema.isKind("E0", of: "E9999"))
        #expect(schema.subentities(of: "E9998") == ["E9999"])
        let resolved = try schema.resolve(keyPath: "a5000", from: "E9999")
        #expect(resolved.destinationEntity == "E9999")
    }

    @Test("four times deeper costs at most eight times as much")
    func linear() {
        let small = Self.seconds(2_500)
        let large = Self.seconds(10_000)
        #expect(large / small < 8, "2,500: \(small) s, 10,000: \(large) s")
    }

    @Test("a cycle is still reported once, on its first member, and lookups stay finite")
    func cycle() {
        let schema = Schema(entities: [
            EntityDescription(name: "A", parent: "C"), EntityDescription(name: "B", parent: "A"),
            EntityDescription(name: "C", parent: "B"), EntityDescription(name: "X", parent: "A"),
        ])
        let cycles = schema.validationErrors().filter { $0.kind == .inheritanceCycle }
        #expect(cycles.map(\.message) == ["inheritance cycle A -> C -> B -> A"])
        #expect(schema.ancestors(of: "A") == ["C", "B"])
        #expect(schema.ancestors(of: "X") == ["A", "C", "B"])
        #expect(schema.isKind("X", of: "B"))
    }
}
