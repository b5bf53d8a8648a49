import CSQLite
import Evaluation

/// SQLite's "transient" destructor: SQLite copies the bytes before the call returns.
let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A compiled statement of a ``SQLiteConnection``: bind values, step through rows, reset, run
/// again. Finalised when released.
public final class SQLitePreparedStatement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer
    /// The SQL text.
    public let sql: String

    init(connection: OpaquePointer, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError.from(connection, code: code, sql: sql)
        }
        self.handle = statement
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// The result columns' names.
    public var columnNames: [String] {
        (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
    }

    /// Resets the statement and binds `values` to its placeholders, first value to `?1`.
    public func bind(_ values: [SQLValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard values.count == expected else {
            throw SQLiteError(
                code: SQLITE_RANGE,
                message: "the statement has \(expected) placeholder(s), \(values.count) value(s) given",
                sql: sql)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let integer): code = sqlite3_bind_int64(handle, index, integer)
            case .double(let double): code = sqlite3_bind_double(handle, index, double)
            case .text(let text):
                code = text.utf8CString.withUnsafeBufferPointer { buffer in
                    sqlite3_bind_text(handle, index, buffer.baseAddress, Int32(buffer.count - 1), transientDestructor)
                }
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { buffer in
                    sqlite3_bind_blob(
                        handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(buffer.count),
                        transientDestructor)
                }
            }
            guard code == SQLITE_OK else { throw SQLiteError.from(connection, code: code, sql: sql) }
        }
    }

    /// Advances to the next row: `true` when a row is available, `false` when done.
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError.from(connection, code: code, sql: sql)
        }
    }

    /// The current row's values.
    public func row() -> [SQLValue] {
        (0..<sqlite3_column_count(handle)).map { column(Int32($0)) }
    }

    private func column(_ index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .double(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let text = sqlite3_column_text(handle, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    /// Binds `values`, runs the statement to completion and returns every row.
    public func rows(_ values: [SQLValue] = []) throws(SQLiteError) -> [[SQLValue]] {
        try bind(values)
        var rows: [[SQLValue]] = []
        while try step() { rows.append(row()) }
        return rows
    }
}
