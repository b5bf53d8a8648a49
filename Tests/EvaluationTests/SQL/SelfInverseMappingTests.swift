import Evaluation
import KeyPaths
import Testing

/// A many-to-many relationship that is its own inverse (`T.peers` ↔ `T.peers`): a link is
/// symmetric, and both conventions store it in a join table (Docs/sql-mapping.md).
@Suite("SQL: a relationship that is its own inverse")
struct SelfInverseMappingTests {
    /// `S` (numbered 1 by Core Data: roots in name order) and `T` (2), `T.peers` its own inverse.
    static func schema(ordered: Bool = false) throws -> Schema {
        try JSONSchemaLoader.load(
            string: """
                {"entities": [
                  {"name": "T", "attributes": [{"name": "name", "type": "string"}], "relationships": [
                    {"name": "peers", "destination": "T", "inverse": "peers", "toMany": true, "ordered": \(ordered)}]},
                  {"name": "S", "attributes": [{"name": "name", "type": "string"}]}
                ]}
                """)
    }

    @Test("Core Data: Z_2PEERS with Z_2PEERS and Z_2PEERS1 (the second name taken, so suffixed), not dropped")
    func coreData() throws {
        let mapping = try SQLMapping.coreData(try Self.schema())
        let join = try #require(mapping.joinTables.first)
        #expect(mapping.joinTables.count == 1)
        #expect(join.name == "Z_2PEERS")
        #expect(join.sourceColumn == "Z_2PEERS")
        #expect(join.destinationColumn == "Z_2PEERS1")
        #expect(join.isSelfInverse)
        #expect(join.destinationOrderColumn == nil && join.sourceOrderColumn == nil)
        #expect(
            mapping.storage(of: "peers", in: "T")
                == .joinTable(
                    table: "Z_2PEERS", sourceColumn: "Z_2PEERS", destinationColumn: "Z_2PEERS1", orderColumn: nil))
    }

    @Test("Core Data, ordered: one order column, the position of the destination in the source's list")
    func coreDataOrdered() throws {
        let join = try #require(try SQLMapping.coreData(try Self.schema(ordered: true)).joinTables.first)
        #expect(join.destinationOrderColumn == "Z_FOK_2PEERS1")
        #expect(join.sourceOrderColumn == nil)
    }

    @Test("standard: T_peers with source_id and destination_id, one order column when ordered")
    func standard() throws {
        let mapping = try SQLMapping.standard(try Self.schema())
        let join = try #require(mapping.joinTables.first)
        #expect(mapping.joinTables.count == 1)
        #expect(join.name == "T_peers")
        #expect(join.sourceColumn == "source_id" && join.destinationColumn == "destination_id")
        #expect(join.isSelfInverse)
        let ordered = try #require(try SQLMapping.standard(try Self.schema(ordered: true)).joinTables.first)
        #expect(ordered.destinationOrderColumn == "destination_order")
        #expect(ordered.sourceOrderColumn == nil)
    }

    @Test("a pair whose two sides share a name across entities is no self-inverse relationship")
    func pairWithOneName() throws {
        let schema = try JSONSchemaLoader.load(
            string: """
                {"entities": [
                  {"name": "A", "relationships": [{"name": "links", "destination": "B", "inverse": "links", "toMany": true}]},
                  {"name": "B", "relationships": [{"name": "links", "destination": "A", "inverse": "links", "toMany": true}]}
                ]}
                """)
        for mapping in [try SQLMapping.standard(schema), try SQLMapping.coreData(schema)] {
            #expect(mapping.joinTables.count == 1)
            #expect(mapping.joinTables.first?.isSelfInverse == false)
        }
        // Core Data: owner A (1).links, inverse B (2).links: Z_1LINKS with Z_1LINKS, Z_2LINKS.
        let join = try #require(try SQLMapping.coreData(schema).joinTables.first)
        #expect([join.name, join.sourceColumn, join.destinationColumn] == ["Z_1LINKS", "Z_1LINKS", "Z_2LINKS"])
    }
}
