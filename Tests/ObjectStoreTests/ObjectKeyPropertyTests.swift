import Evaluation
import Foundation
import ObjectStore
import Predicates
import TestSupport
import Testing

/// Random sets of ids in one hierarchy, integers and strings that look like integers among
/// them: the loaders refuse exactly the sets that hold an integer and its decimal text, and
/// every other set is stored under its key type so that each id reads back as itself, or is
/// refused by `db create` (a string that is an integer's text in a mixed hierarchy); two ids
/// never share a stored key.
@Suite("Object graphs: ids through SQL keys, property")
struct ObjectKeyPropertyTests {
    static let pool: [ObjectKey] = [
        .int(-3), .int(0), .int(7), .int(12), .string("-3"), .string("0"), .string("7"), .string("07"),
        .string("-0"), .string("+7"), .string(" 7"), .string("12"), .string("a"), .string("b7"),
    ]

    @Test("refused exactly when an integer and its text meet; otherwise each id comes back as itself")
    func randomIDs() throws {
        let schema = try ChangeFixtures.schema()
        let run = PropertyRun("ObjectKeyPropertyTests.randomIDs", defaultCases: 400)
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            var ids: [ObjectKey] = []
            for _ in 0..<random.int(in: 1...6) {
                let id = random.pick(Self.pool)
                if !ids.contains(id) { ids.append(id) }
            }
            let twins = ids.contains { id in
                guard case .int(let int) = id else { return false }
                return ids.contains(.string(String(int)))
            }
            let json =
                #"{"Tag": ["# + ids.map { #"{"id": \#($0.predicateValue.jsonText())}"# }.joined(separator: ", ")
                + "]}"
            let loaded = try? ObjectGraph.load(json: Data(json.utf8), schema: schema)
            guard let graph = loaded else {
                #expect(twins, "refused without twins: \(json)\n\(run.replay(index))")
                continue
            }
            #expect(!twins, "twins accepted: \(json)\n\(run.replay(index))")
            let keyType = try #require(graph.sqlKeyTypes()["Tag"])
            var stored: Set<SQLValue> = []
            for id in ids {
                guard let value = keyType.storedKey(id.predicateValue) else {
                    let refusable =
                        keyType == .mixed && id.predicateValue.stringValue.flatMap(SQLKeyType.canonicalInteger) != nil
                    #expect(refusable, "\(id) not stored under \(keyType): \(json)\n\(run.replay(index))")
                    continue
                }
                #expect(
                    keyType.id(fromStored: value) == id.predicateValue, "\(id) under \(keyType)\n\(run.replay(index))")
                #expect(stored.insert(value).inserted, "two ids stored as \(value): \(json)\n\(run.replay(index))")
            }
        }
    }
}

extension PredicateValue {
    fileprivate var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }
}
