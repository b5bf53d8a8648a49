import Evaluation
import Foundation
import GraphTestSupport
import KeyPaths
import ObjectStore
import Predicates
import TestSupport
import Testing

/// A checked fetch request resolves each key path once and feeds the live results, the
/// dependencies and the SQL lowering; each of them also has a route from the key paths' text
/// (as they were fed before). On random schemas and requests — valid ones, and ones with a sort
/// key, section key path or refresh key path that breaks a rule or names nothing — both routes
/// agree: the same refusal (the live results report the check's diagnostics), the same
/// dependencies, the same SQL.
@Suite("Checked fetch requests: the resolved route agrees with the text route")
struct CheckedFetchRequestPropertyTests {
    /// A key path from `entity` that may break the ordering rule: up to three components, each
    /// a property (a relationship followed or not), sometimes `@count` after a to-many one,
    /// sometimes a name the schema does not have.
    static func anyKeyPath(from entity: String, _ schema: Schema, _ generator: inout GraphCaseGenerator) -> String {
        var components: [String] = []
        var current = entity
        for _ in 0..<3 {
            if generator.chance(8) {
                components.append("zz")
                break
            }
            let relationships = schema.allRelationships(of: current)
            guard let name = generator.pick(schema.allProperties(of: current).map(\.name)) else { break }
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
        return components.isEmpty ? "zz" : components.joined(separator: ".")
    }

    /// A random request (``LiveResultsPropertyTests/makeRequest(_:_:)``), with one key path
    /// replaced by any key path half the time.
    static func makeRequest(_ generator: inout GraphCaseGenerator, _ graphCase: GraphCase) -> FetchRequest? {
        guard var request = LiveResultsPropertyTests.makeRequest(&generator, graphCase) else { return nil }
        guard generator.chance(50) else { return request }
        let keyPath = anyKeyPath(from: graphCase.root, graphCase.schema, &generator)
        switch generator.int(0...2) {
        case 0: request.sortKeys.append(SortKey(keyPath))
        case 1: request.sectionKeyPath = keyPath
        default: request.refreshKeyPaths.append(keyPath)
        }
        return request
    }

    /// What disagrees between the two routes for `request`, or `nil`.
    static func disagreement(_ request: FetchRequest, _ graphCase: GraphCase) throws -> String? {
        let schema = graphCase.schema
        let checked: CheckedFetchRequest
        do {
            checked = try CheckedFetchRequest(request, schema: schema)
        } catch {
            let checkError = error
            do {
                _ = try LiveResultSet(request: request, graph: graphCase.graph)
                return "the check refused (\(checkError.rendered)), the live results accepted"
            } catch {
                guard error.diagnostics == checkError.diagnostics else {
                    return "the live results refused with \(error.message), not the check's \(checkError.rendered)"
                }
                return nil
            }
        }
        // The dependencies from the resolved key paths and from their text.
        let resolvedRoute = Result { () throws(DependencyError) in try QueryDependencies(checked) }
        let textRoute = Result { () throws(DependencyError) in
            try QueryDependencies(
                schema: schema, rootEntity: request.entity, predicate: request.predicate,
                sortKeyPaths: request.effectiveSortKeys.map(\.keyPath), displayKeyPaths: request.refreshKeyPaths)
        }
        switch (resolvedRoute, textRoute) {
        case (.success(let resolved), .success(let text)) where resolved != text:
            return "dependencies differ:\n\(resolved.paths)\n\(text.paths)"
        case (.success, .failure(let error)), (.failure(let error), .success):
            return "dependencies: one route refused (\(error.description)), the other accepted"
        default: break
        }
        // The SQL from the checked request and from the order spelled out.
        let lowering = PredicateLowering(layout: try SQLMapping.standard(schema, keyType: .text))
        let offset = request.fetchOffset == 0 ? nil : request.fetchOffset
        let fromRequest = Result { () throws(SQLLoweringError) in try SQLiteDialect().render(lowering.query(checked)) }
        let spelled = Result { () throws(SQLLoweringError) in
            if let predicate = checked.predicate {
                return try SQLiteDialect().render(
                    lowering.query(
                        predicate, sortKeys: request.effectiveSortKeys, limit: request.fetchLimit, offset: offset))
            }
            return try SQLiteDialect().render(
                lowering.query(
                    entity: request.entity, schema: schema, sortKeys: request.effectiveSortKeys,
                    limit: request.fetchLimit, offset: offset))
        }
        switch (fromRequest, spelled) {
        case (.success(let a), .success(let b)) where a != b: return "SQL differs:\n\(a)\n\(b)"
        case (.failure(let a), .failure(let b)) where a.id != b.id || a.message != b.message:
            return "SQL refusals differ: \(a.message) / \(b.message)"
        case (.success, .failure(let error)), (.failure(let error), .success):
            return "SQL: one route refused (\(error.message)), the other accepted"
        default: return nil
        }
    }

    @Test("random requests: the same refusals, dependencies and SQL by both routes (seeded)")
    func agree() throws {
        let run = PropertyRun("CheckedFetchRequestPropertyTests.agree", defaultCases: 300)
        var accepted = 0
        var refused = 0
        for index in 0..<run.cases {
            var generator = GraphCaseGenerator(seed: run.caseSeed(index))
            generator.referencePredicates = true
            guard let graphCase = generator.makeCase() else { continue }
            for _ in 0..<3 {
                guard let request = Self.makeRequest(&generator, graphCase) else { continue }
                if let problem = try Self.disagreement(request, graphCase) {
                    Issue.record("\(problem)\nrequest: \(request)\n\(run.replay(index))")
                    return
                }
                if (try? CheckedFetchRequest(request, schema: graphCase.schema)) != nil {
                    accepted += 1
                } else {
                    refused += 1
                }
            }
        }
        // Both sides are exercised.
        #expect(accepted > 100 && refused > 30, "accepted \(accepted), refused \(refused)")
    }
}
