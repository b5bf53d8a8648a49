import Foundation
import KeyPaths

/// What a database made by this engine records about itself, in its own table `pe_metadata`
/// (`"key"`, `"value"`, both text), as Core Data records its model's version hashes in a
/// store's metadata:
///
/// | key | value |
/// |---|---|
/// | `format` | `1`, the version of this layout |
/// | `mapping` | `standard` or `coreData` (``SQLNamingConvention``) |
/// | `keys` | the key type of each hierarchy by root entity: `{"Content": "integer", "Tag": "mixed"}` |
/// | `schema` | the schema in its JSON form (`Schema.jsonData()`) |
///
/// The readers of a database (``SQLMapping/verified(_:convention:database:dialect:)``) build
/// their mapping with the recorded key types, so that ids come back with their JSON type, and
/// refuse a schema other than the recorded one even when the tables look alike. The table's
/// name cannot clash with a mapped table: `db create` refuses a schema that maps a table to it.
public struct SQLStoreMetadata: Sendable, Hashable {
    /// `pe_metadata`.
    public static let tableName = "pe_metadata"
    /// The layout version this engine writes and reads.
    public static let currentFormat = 1

    /// The layout version.
    public var format: Int
    /// The convention the database was made with.
    public var convention: SQLNamingConvention
    /// The key type of each hierarchy, by root entity.
    public var keyTypes: [String: SQLKeyType]
    /// The schema's JSON text.
    public var schemaJSON: String

    /// The metadata of a database made with `mapping`.
    public init(mapping: SQLMapping) {
        format = Self.currentFormat
        convention = mapping.convention
        keyTypes = mapping.keyTypes
        // Encoding a schema cannot fail (it holds no number that JSON cannot spell).
        schemaJSON = (try? mapping.schema.jsonData()).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The metadata read back from the rows of ``select``; throws naming
    /// the first entry that is missing or cannot be read.
    public init(rows: [[SQLValue]]) throws(SQLStoreMetadataError) {
        var values: [String: String] = [:]
        for row in rows {
            guard row.count == 2, case .text(let key) = row[0], case .text(let value) = row[1] else { continue }
            values[key] = value
        }
        func entry(_ key: String) throws(SQLStoreMetadataError) -> String {
            guard let value = values[key] else { throw SQLStoreMetadataError("it has no \"\(key)\" entry") }
            return value
        }
        guard let format = Int(try entry("format")) else {
            throw SQLStoreMetadataError("its \"format\" is not a number: \(try entry("format"))")
        }
        self.format = format
        guard format <= Self.currentFormat else {
            throw SQLStoreMetadataError(
                "it was written in format \(format) by a newer version of this engine, which reads format "
                    + "\(Self.currentFormat)")
        }
        guard let convention = SQLNamingConvention(rawValue: try entry("mapping")) else {
            throw SQLStoreMetadataError("its \"mapping\" is not a known mapping: \(try entry("mapping"))")
        }
        self.convention = convention
        let keys = try? JSONDecoder().decode([String: String].self, from: Data(try entry("keys").utf8))
        var keyTypes: [String: SQLKeyType] = [:]
        for (root, name) in keys ?? [:] {
            guard let type = SQLKeyType(rawValue: name) else {
                throw SQLStoreMetadataError("its key type of '\(root)' is not a key type: \(name)")
            }
            keyTypes[root] = type
        }
        guard keys != nil else { throw SQLStoreMetadataError("its \"keys\" are not a JSON object of key types") }
        self.keyTypes = keyTypes
        schemaJSON = try entry("schema")
    }

    /// The recorded schema, decoded; throws when the text is not a schema.
    public func schema() throws(SQLStoreMetadataError) -> Schema {
        do {
            return try JSONDecoder().decode(Schema.self, from: Data(schemaJSON.utf8))
        } catch {
            throw SQLStoreMetadataError("its \"schema\" is not a schema in the JSON format")
        }
    }

    /// `CREATE TABLE "pe_metadata" …` and an `INSERT` of the entries (values bound); with
    /// `ifNotExists`, the table only.
    public func statements(dialect: some SQLDialect, ifNotExists: Bool = false) -> [SQLStatement] {
        let create = SQLCreateTable(
            Self.tableName,
            columns: [.init("key", .text, primaryKey: true, notNull: true), .init("value", .text, notNull: true)],
            typeNames: convention, ifNotExists: ifNotExists)
        guard !ifNotExists else { return [dialect.render(create)] }
        let keys = keyTypes.mapValues(\.rawValue)
        let keysJSON = (try? Self.sortedEncoder.encode(keys)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let entries = [
            ("format", String(format)), ("mapping", convention.rawValue), ("keys", keysJSON), ("schema", schemaJSON),
        ]
        let insert = SQLInsert(
            table: Self.tableName, columns: ["key", "value"], rows: entries.map { [.text($0.0), .text($0.1)] })
        return [dialect.render(create)]
            + insert.batches(maximumBindings: dialect.maximumBindings).map { dialect.render($0) }
    }

    /// `SELECT "key", "value" FROM "pe_metadata"`.
    public static var select: SQLSelect { .columns(["key", "value"], from: tableName) }

    private static var sortedEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

/// Why a database's `pe_metadata` table cannot be read: `its "format" is not a number: x`.
public struct SQLStoreMetadataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The explanation.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
