import KeyPaths

/// The logical type of a column, which a dialect spells as a type name in `CREATE TABLE`.
///
/// | column | type | SQLite | PostgreSQL |
/// |---|---|---|---|
/// | `integer16/32/64` attribute | ``integer16`` … ``integer64`` | `INTEGER` | `smallint`, `integer`, `bigint` |
/// | `boolean` attribute | ``boolean`` | `INTEGER` (0/1) | `smallint` (0/1) |
/// | `double`, `float` attribute | ``double`` | `REAL` | `double precision` |
/// | `decimal` attribute | ``decimal`` | `NUMERIC` | `numeric` |
/// | `date` attribute | ``date`` (seconds since 2001-01-01 UTC) | `REAL` | `double precision` |
/// | `string`, `uri` attribute | ``text`` | `TEXT` | `text` |
/// | `uuid` attribute | ``uuid`` | `TEXT` (standard), `BLOB` (16 bytes, Core Data) | `uuid` (standard), `bytea` (16 bytes, Core Data) |
/// | `binary` attribute | ``blob`` | `BLOB` | `bytea` |
/// | `transformable` attribute (standard convention) | ``json`` (the value's tagged JSON text) | `TEXT` | `text` |
/// | `transformable` attribute (Core Data convention) | ``blob`` (the archive's bytes) | `BLOB` | `bytea` |
/// | keys, foreign keys, order and entity-number columns | ``integer64`` (or ``text`` keys) | `INTEGER` | `bigint` |
///
/// A `float` attribute is stored as a double because the engine evaluates its values as
/// doubles; a single-precision column would round them and break equality with memory.
///
/// A transformable value may be anything (a dictionary, an array, a set, a string, a date…):
/// the standard convention stores ``PredicateValue/jsonText()``, which
/// `PredicateValue(json:)` reads back as the same value. PostgreSQL's `jsonb` would not: it
/// stores numbers as `numeric`, so `1e+18` (a double) comes back as the integer
/// `1000000000000000000` and `-0.0` as `0.0`; hence `text`. Core Data stores an archive in a
/// BLOB, so its convention keeps the bytes.
public enum SQLColumnType: String, Sendable, Hashable, CaseIterable {
    /// A 16-bit integer.
    case integer16
    /// A 32-bit integer.
    case integer32
    /// A 64-bit integer (also keys, foreign keys, order columns).
    case integer64
    /// A Boolean (`0`/`1` where the database has no Boolean type).
    case boolean
    /// A double-precision number.
    case double
    /// An exact decimal number.
    case decimal
    /// A date, as seconds since 2001-01-01 00:00:00 UTC in a double.
    case date
    /// Text.
    case text
    /// A UUID.
    case uuid
    /// Bytes.
    case blob
    /// A value of any kind as the engine's tagged JSON text (``PredicateValue/jsonText()``).
    case json

    /// The column type that stores attributes of `type` under `convention`.
    public init(_ type: AttributeType, convention: SQLNamingConvention) {
        switch type {
        case .integer16: self = .integer16
        case .integer32: self = .integer32
        case .integer64: self = .integer64
        case .boolean: self = .boolean
        case .double, .float: self = .double
        case .decimal: self = .decimal
        case .date: self = .date
        case .string, .uri: self = .text
        case .uuid: self = .uuid
        case .binary: self = .blob
        case .transformable: self = convention == .standard ? .json : .blob
        // Only transient attributes may be Undefined, and transient attributes are not stored.
        case .undefined: self = .blob
        }
    }
}

/// The naming convention of a mapping, which a dialect reflects in the column type names of
/// `CREATE TABLE`.
public enum SQLNamingConvention: String, Sendable, Hashable, CaseIterable {
    /// This engine's own layout (`Docs/sql-mapping.md`, "The default convention").
    case standard
    /// The layout of Core Data's SQLite store (`Z<ENTITY>` tables, `Z_PK`, …).
    case coreData
}
