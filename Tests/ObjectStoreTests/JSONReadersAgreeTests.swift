import Evaluation
import Foundation
import KeyPaths
import Predicates
import TestSupport
import Testing

@testable import ObjectStore

/// Every strict JSON reader of the package gives the same text for the same fault (issue 17,
/// item 4): values, the streamed data array, graph files on both paths, change sets and JSON
/// schemas, on random documents with a planted duplicate key, out-of-range number, byte that
/// is not UTF-8 or raw control character, whose expected message the generator works out
/// from the rules while writing the text.
@Suite("JSON readers agree on every fault (seeded)")
struct JSONReadersAgreeTests {
    /// What each reader says about `bytes`: its name and its message (`accepted` when none).
    static func answers(_ bytes: [UInt8], schema: Schema, filter: CompiledPredicate<PredicateValue>)
        -> [(String, String)]
    {
        let data = Data(bytes)
        func graphMessage(_ load: () throws(GraphErrors) -> ObjectGraph) -> String {
            do {
                _ = try load()
                return "accepted"
            } catch {
                return error.errors.map(\.description).joined(separator: "\n")
            }
        }
        var answers: [(String, String)] = []
        do {
            _ = try PredicateValue(jsonData: data)
            answers.append(("value", "accepted"))
        } catch {
            answers.append(("value", error.message))
        }
        switch filter.filter(jsonArray: bytes) {
        case .invalid(let error): answers.append(("stream", error.message))
        case let other: answers.append(("stream", "\(other)"))
        }
        answers.append(
            ("graph file", graphMessage { () throws(GraphErrors) in try ObjectGraph.load(json: data, schema: schema) }))
        answers.append(
            (
                "graph decoder",
                graphMessage { () throws(GraphErrors) in try ObjectGraph.load(decoding: data, schema: schema) }
            ))
        do {
            _ = try ChangeSet.decode(json: data)
            answers.append(("change set", "accepted"))
        } catch {
            answers.append(("change set", error.errors.map(\.description).joined(separator: "\n")))
        }
        do {
            _ = try JSONSchemaLoader.load(data: data)
            answers.append(("schema", "accepted"))
        } catch {
            answers.append(("schema", error.description))
        }
        return answers
    }

    @Test("the same fault gives the same text in every reader")
    func sameText() throws {
        let run = PropertyRun("JSONReadersAgreeTests", defaultCases: 600)
        let schema = try ChangeFixtures.schema()
        let filter = try PredicateCompiler().compile(
            try PredicateNode(format: "TRUEPREDICATE"), for: PredicateValue.self)
        var planted = 0
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            let document = RandomJSONText.document(&random, fault: random.pick(RandomJSONText.Fault.allCases))
            guard let expected = document.expectedProblem else { continue }
            planted += 1
            let wrong = Self.answers(document.bytes, schema: schema, filter: filter).filter { $0.1 != expected }
            guard wrong.isEmpty else {
                Issue.record(
                    """
                    \(String(decoding: document.bytes, as: UTF8.self).debugDescription)
                    expected everywhere: \(expected.debugDescription)
                    \(wrong.map { "\($0.0): \($0.1.debugDescription)" }.joined(separator: "\n"))
                    \(run.replay(index))
                    """)
                return
            }
        }
        #expect(planted > run.cases / 4, "only \(planted) faults planted")
    }
}
