import Evaluation
import Foundation
import KeyPaths
import Predicates

/// Writing a graph file's rows into a database while the file is read, without building the
/// graph: the fast path of `db create` (issue 21).
extension ObjectGraph {
    /// The mapping a streamed write uses: Core Data's, or the standard one with integer keys in
    /// every hierarchy — the mapping ``sqlKeyTypes()`` gives a graph whose ids are all
    /// integers, the only ids ``writeStreamed(json:schema:mapping:into:consumed:)`` takes.
    public static func streamingMapping(_ schema: Schema, coreData: Bool) throws(SQLMappingErrors) -> SQLMapping {
        try coreData ? SQLMapping.coreData(schema) : SQLMapping.standard(schema, keyType: .integer)
    }

    /// Writes the objects of the graph file `bytes` into the tables of `mapping` in `database`
    /// as they are read, one row per object (``SQLDatabase/insertRows(into:columns:_:)``: a
    /// prepared statement in SQLite, `COPY` in PostgreSQL), keeping only each hierarchy's ids
    /// and the ids the objects name, which are checked after the last object. Returns the
    /// number of objects written: the rows are those ``load(json:schema:)`` then
    /// ``write(into:mapping:)`` would write (in the file's order rather than by key).
    ///
    /// Only a file in which each object states only what its own row holds is written so —
    /// attributes, and to-one relationships whose foreign key is in the object's table and
    /// whose inverse is an unordered to-many relationship or none — with integer ids, and only
    /// when it loads without a problem. For anything else (a to-many relationship stated, a
    /// to-one with a to-one or ordered inverse, a string id, a problem of the file or a value
    /// the database cannot keep) it throws ``StreamedWriteDeclined`` (or the database's error)
    /// part way, with rows written: run it in a transaction, roll back, and load the graph
    /// (``load(json:schema:)``), which names every problem, then write it, as `db create` does.
    /// `consumed` is told after each object how many bytes have been read.
    public static func writeStreamed(
        json bytes: UnsafeRawBufferPointer, schema: Schema, mapping: SQLMapping, into database: any SQLDatabase,
        consumed: ((Int) -> Void)? = nil
    ) throws -> Int {
        let graph = ObjectGraph(schema: schema)
        var writer = StreamedRowWriter(layout: graph.layout, mapping: mapping, database: database)
        var reader = GraphFileReader(bytes: bytes)
        reader.consumed = consumed
        guard reader.read(into: &writer) else {
            if let failure = writer.failure, !(failure is StreamedWriteDeclined) { throw failure }
            throw StreamedWriteDeclined()
        }
        guard writer.referencesResolve() else { throw StreamedWriteDeclined() }
        return writer.count
    }
}

/// Thrown by ``ObjectGraph/writeStreamed(json:schema:mapping:into:consumed:)`` when the file
/// is not one it writes as it reads (or has a problem): the caller rolls back and loads the
/// whole graph.
public struct StreamedWriteDeclined: Error, CustomStringConvertible {
    /// The refusal; it carries no reason: the whole-graph load that follows names the problem,
    /// if the file has one.
    public init() {}

    /// `the graph file cannot be written as it is read`.
    public var description: String { "the graph file cannot be written as it is read" }
}
