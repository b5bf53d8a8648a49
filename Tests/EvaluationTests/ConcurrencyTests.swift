import Evaluation
import Foundation
import Predicates
import Testing

/// One compiled predicate, shared by many tasks at once, gives the same results as a
/// sequential run (the compiled form holds no mutable state).
@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("Eight tasks filtering with one compiled predicate agree with a sequential run")
    func sharedCompiledPredicate() async throws {
        var generator = RandomPredicates(seed: 99)
        let people = (0..<2_000).map { _ in generator.person() }
        let node = try PredicateNode(
            format:
                "name CONTAINS[cd] 'an' AND age > 30 OR ANY friends.name LIKE[c] '*o*' OR SUBQUERY(friends, $f, $f.age > $min).@count > 1"
        )
        let compiled = try PredicateCompiler().compile(node, for: Person.self)
        let expected = try compiled.filter(people, variables: ["min": .int(25)]).map(\.name)
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask { try compiled.filter(people, variables: ["min": .int(25)]).map(\.name) }
            }
            var all: [[String]] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8)
        for result in results { #expect(result == expected) }
    }

    @Test("Concurrent evaluation on JSON values with per-task variables")
    func perTaskVariables() async throws {
        var generator = RandomPredicates(seed: 5)
        let objects = (0..<1_000).map { _ in EvaluationValue(generator.object()) }
        let node = try PredicateNode(format: "a > $limit OR name BEGINSWITH[c] $prefix")
        let compiled = try PredicateCompiler().compile(node, for: EvaluationValue.self)
        func run(_ limit: Int) throws -> Int {
            var count = 0
            for object in objects
            where (try? compiled.evaluate(object, variables: ["limit": .int(limit), "prefix": .string("a")])) == true {
                count += 1
            }
            return count
        }
        let sequential = try (0..<6).map(run)
        let parallel = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for limit in 0..<6 { group.addTask { (limit, try run(limit)) } }
            var result = [Int](repeating: -1, count: 6)
            for try await (limit, count) in group { result[limit] = count }
            return result
        }
        #expect(parallel == sequential)
    }
}
