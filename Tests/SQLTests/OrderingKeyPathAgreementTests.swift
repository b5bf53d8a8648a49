import Evaluation
import Foundation
import GraphTestSupport
import KeyPaths
import ObjectStore
import Predicates
import TestSupport
import Testing

/// One rule for sort keys and section key paths on every back end, checked on random schemas
/// and key paths (attributes, to-one and to-many relationships, collection operators, unknown
/// names): the live results in memory accept a key path as a sort key or a section key path
/// exactly when the SQL lowering accepts it as a sort key, and exactly when
/// ``OrderingKeyPath`` does. Memory once sorted on a to-one relationship (and grouped its rows
/// in one section named after the entity) while SQL refused it.
@Suite("Sort keys and section key paths: memory and SQL accept the same")
struct OrderingKeyPathAgreementTests {
    /// A key path from `entity`: up to three components, each a property of the entity reached
    /// (a relationship may be followed), sometimes a collection operator after a to-many one,
    /// sometimes a name the schema does not have.
    static func keyPath(from entity: String, _ schema: Schema, _ generator: inout GraphCaseGenerator) -> String {
        var components: [String] = []
        var current = entity
        for _ in 0..<3 {
            if generator.chance(5) {
                components.append("zz")
                break
            }
            let relationships = schema.allRelationships(of: current)
            let names = schema.allAttributes(of: current).map(\.name) + relationships.map(\.name)
            guard let name = generator.pick(names) else { break }
            components.append(name)
            guard let relationship = relationships.first(where: { $0.name == name }), generator.chance(60) else {
                break
            }
            if relationship.isToMany, generator.chance(30) {
                components.append("@count")
                break
            }
            current = relationship.destination
        }
        return components.joined(separator: ".")
    }

    static func memoryAccepts(_ request: FetchRequest, graph: ObjectGraph) -> Bool {
        (try? LiveResultSet(request: request, graph: graph)) != nil
    }

    static func sqlAccepts(_ keyPath: String, _ graphCase: GraphCase, mapping: SQLMapping) -> Bool {
        let lowering = PredicateLowering(layout: mapping)
        return (try? lowering.query(entity: graphCase.root, schema: graphCase.schema, sortKeys: [SortKey(keyPath)]))
            != nil
    }

    @Test("the same key paths are accepted everywhere (seeded)")
    func agree() throws {
        let run = PropertyRun("OrderingKeyPathAgreementTests.agree", defaultCases: 150)
        var accepted = 0
        var refused = 0
        for index in 0..<run.cases {
            var generator = GraphCaseGenerator(seed: run.caseSeed(index))
            guard let graphCase = generator.makeCase() else { continue }
            let mapping = try SQLMapping.standard(graphCase.schema, keyType: .text)
            for _ in 0..<6 {
                let keyPath = Self.keyPath(from: graphCase.root, graphCase.schema, &generator)
                guard !keyPath.isEmpty else { continue }
                let rule = OrderingKeyPath.Role.allCases.map { role in
                    (try? OrderingKeyPath.resolve(
                        keyPath, role: role, schema: graphCase.schema, entity: graphCase.root)) != nil
                }
                let sorting = Self.memoryAccepts(
                    FetchRequest(entity: graphCase.root, sortKeys: [SortKey(keyPath)]), graph: graphCase.graph)
                let sections = Self.memoryAccepts(
                    FetchRequest(entity: graphCase.root, sectionKeyPath: keyPath), graph: graphCase.graph)
                let sql = Self.sqlAccepts(keyPath, graphCase, mapping: mapping)
                let context = "\(graphCase.root).\(keyPath)\n\(run.replay(index))"
                #expect(rule == [rule[0], rule[0]], "\(context)")
                #expect(sorting == rule[0], "memory as a sort key: \(context)")
                #expect(sections == rule[0], "memory as a section key path: \(context)")
                #expect(sql == rule[0], "SQL as a sort key: \(context)")
                if sorting != sql || sections != sql { return }
                if rule[0] { accepted += 1 } else { refused += 1 }
            }
        }
        // Both sides of the rule are exercised.
        #expect(accepted > 20 && refused > 20, "accepted \(accepted), refused \(refused)")
    }
}
