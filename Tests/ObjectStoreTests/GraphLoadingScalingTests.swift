import Foundation
import KeyPaths
import ObjectStore
import TestSupport
import Testing

/// Issue 9 §2: loading a graph file grows linearly with its objects (20,000 objects once took
/// 2.3 s and 200,000 over two minutes). Measured as a ratio between two sizes in the same run,
/// so the machine's speed does not matter: four times the objects may cost at most eight times
/// as much (a quadratic cost would be sixteen).
@Suite("Graph loading: cost linear in the number of objects")
struct GraphLoadingScalingTests {
    /// `contents` Contents spread over `contents / 100` Buckets, each Content naming its Bucket
    /// (the other side is filled in), with a name, a size and a date.
    static func file(contents: Int) -> Data {
        let buckets = max(1, contents / 100)
        var text = "{\"Bucket\": ["
        text += (1...buckets).map { "{\"id\": \($0), \"name\": \"Bucket \($0)\"}" }.joined(separator: ",")
        text += "], \"Content\": ["
        text += (1...contents).map { id in
            "{\"id\": \(id), \"name\": \"file \(id).txt\", \"size\": \(id % 997), "
                + "\"creationDate\": {\"$date\": \"2024-01-01T00:00:00Z\"}, \"bucket\": \(id % buckets + 1)}"
        }.joined(separator: ",")
        return Data((text + "]}").utf8)
    }

    static func seconds(contents: Int, schema: Schema) throws -> Double {
        let data = file(contents: contents)
        // The thread's CPU time: other tests and processes taking the processor away do not
        // count (ThreadCPUTime).
        return try ThreadCPUTime.best(of: 3) {
            let graph = try ObjectGraph.load(json: data, schema: schema)
            #expect(graph.count == contents + max(1, contents / 100))
        }
    }

    @Test("four times the objects cost at most eight times as much")
    func linear() throws {
        let schema = try ChangeFixtures.schema()
        let small = try Self.seconds(contents: 5_000, schema: schema)
        let large = try Self.seconds(contents: 20_000, schema: schema)
        #expect(large / small < 8, "5,000: \(small) s, 20,000: \(large) s")
    }
}
