import CSQLite
import Evaluation
import Foundation

/// Registers on a connection the functions and collations that lowered SQL calls
/// (``SQLFunction``'s `pe_*` helpers, ``SQLiteDialect/collationName(_:)``), each implemented by
/// the in-memory code itself (`SQLHelperFunctions`, `SortComparison`), so that SQLite and
/// memory agree exactly. The functions are deterministic, so the planner may fold them and
/// an expression index may use them.
enum SQLiteHelperFunctions {
    static func register(on connection: OpaquePointer) throws(SQLiteError) {
        for (index, function) in HelperFunction.allCases.enumerated() {
            let code = sqlite3_create_function_v2(
                connection, function.name, Int32(function.arity), SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                UnsafeMutableRawPointer(bitPattern: index + 1), helperFunctionCallback, nil, nil, nil)
            guard code == SQLITE_OK else {
                throw SQLiteError.from(connection, code: code, sql: "(registering \(function.name))")
            }
        }
        let code = sqlite3_create_function_v2(
            connection, "pe_sum", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, nil, sumStep, sumFinal, nil)
        guard code == SQLITE_OK else { throw SQLiteError.from(connection, code: code, sql: "(registering pe_sum)") }
        for (index, mode) in StringSortMode.allCases.enumerated() {
            let code = sqlite3_create_collation_v2(
                connection, SQLiteDialect.collationName(mode), SQLITE_UTF8,
                UnsafeMutableRawPointer(bitPattern: index + 1), collationCallback, nil)
            guard code == SQLITE_OK else {
                throw SQLiteError.from(connection, code: code, sql: "(registering a collation)")
            }
        }
    }
}

/// The helper functions a connection registers: the string helpers of ``SQLFunction`` and
/// `pe_raise`, which fails the statement where memory's evaluation raises.
enum HelperFunction: CaseIterable {
    case fold, compare, contains, beginsWith, endsWith, like, matches, raise

    var name: String {
        switch self {
        case .fold: SQLFunction.fold.rawValue
        case .compare: SQLFunction.compare.rawValue
        case .contains: SQLFunction.contains.rawValue
        case .beginsWith: SQLFunction.beginsWith.rawValue
        case .endsWith: SQLFunction.endsWith.rawValue
        case .like: SQLFunction.like.rawValue
        case .matches: SQLFunction.matches.rawValue
        case .raise: SQLFunction.raise.rawValue
        }
    }

    var arity: Int { self == .fold || self == .raise ? 2 : 3 }
}

/// The one C entry point of every helper function; the function is told by the user data.
private func helperFunctionCallback(
    _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let context else { return }
    let tag = Int(bitPattern: sqlite3_user_data(context)) - 1
    guard HelperFunction.allCases.indices.contains(tag) else {
        sqlite3_result_error(context, "unknown helper function", -1)
        return
    }
    let function = HelperFunction.allCases[tag]
    if function == .raise { return raise(context, count, arguments) }
    let texts: [String?] = (0..<Int(count)).map { text(arguments?[$0]) }
    // Every helper answers NULL for a NULL operand (the lowering guards NULLs around it).
    guard texts.count == function.arity, let first = texts[0] else { return sqlite3_result_null(context) }
    let options = texts[function.arity - 1] ?? ""
    if function == .fold { return resultText(context, SQLHelperFunctions.fold(first, options)) }
    guard let second = texts[1] else { return sqlite3_result_null(context) }
    do {
        let answer: Int
        switch function {
        case .fold, .raise: return
        case .compare: answer = SQLHelperFunctions.compare(first, second, options)
        case .contains: answer = SQLHelperFunctions.search(first, second, options, anchor: "anywhere") ? 1 : 0
        case .beginsWith: answer = SQLHelperFunctions.search(first, second, options, anchor: "prefix") ? 1 : 0
        case .endsWith: answer = SQLHelperFunctions.search(first, second, options, anchor: "suffix") ? 1 : 0
        case .like: answer = try SQLHelperFunctions.like(first, second, options) ? 1 : 0
        case .matches: answer = try SQLHelperFunctions.matches(first, second, options) ? 1 : 0
        }
        sqlite3_result_int(context, Int32(answer))
    } catch {
        sqlite3_result_error(context, "\(function.name): \(error.message)", -1)
    }
}

/// `pe_raise(condition, key)`: 0 when the condition is not true, else the statement fails
/// with the error memory raises for the object with that key.
private func raise(_ context: OpaquePointer, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
    guard count == 2, let condition = arguments?[0], sqlite3_value_type(condition) != SQLITE_NULL,
        sqlite3_value_int64(condition) != 0
    else { return sqlite3_result_int(context, 0) }
    let key = text(arguments?[1]) ?? "NULL"
    sqlite3_result_error(context, SQLHelperFunctions.raiseMessage(key: key), -1)
}

/// `pe_sum`'s running state, kept in SQLite's aggregate context (zeroed memory: an absent
/// state is an empty sum).
private struct SumState {
    var started: Bool
    var sum: SQLHelperFunctions.Sum
}

private func sumState(_ context: OpaquePointer?) -> UnsafeMutablePointer<SumState>? {
    guard let raw = sqlite3_aggregate_context(context, Int32(MemoryLayout<SumState>.stride)) else { return nil }
    let state = raw.bindMemory(to: SumState.self, capacity: 1)
    if !state.pointee.started { state.initialize(to: SumState(started: true, sum: SQLHelperFunctions.Sum())) }
    return state
}

/// Adds one value to `pe_sum` (NULL skipped; text and blobs as SQLite's numbers).
private func sumStep(_ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
    guard count == 1, let value = arguments?[0], let state = sumState(context) else { return }
    switch sqlite3_value_type(value) {
    case SQLITE_NULL: return
    case SQLITE_INTEGER: state.pointee.sum.add(sqlite3_value_int64(value))
    default: state.pointee.sum.add(sqlite3_value_double(value))
    }
}

/// The result of `pe_sum`.
private func sumFinal(_ context: OpaquePointer?) {
    guard let context else { return }
    let value = sumState(context)?.pointee.sum.value ?? .null
    switch value {
    case .integer(let integer): sqlite3_result_int64(context, integer)
    case .double(let double): sqlite3_result_double(context, double)
    default: sqlite3_result_null(context)
    }
}

/// Orders two strings as the collation's ``StringSortMode`` does in memory.
private func collationCallback(
    _ tag: UnsafeMutableRawPointer?, _ leftCount: Int32, _ left: UnsafeRawPointer?, _ rightCount: Int32,
    _ right: UnsafeRawPointer?
) -> Int32 {
    let index = Int(bitPattern: tag) - 1
    guard StringSortMode.allCases.indices.contains(index) else { return 0 }
    let a = decode(left, leftCount)
    let b = decode(right, rightCount)
    switch SortComparison.compareStrings(a, b, mode: StringSortMode.allCases[index]) {
    case .orderedAscending: return -1
    case .orderedSame: return 0
    case .orderedDescending: return 1
    }
}

private func decode(_ bytes: UnsafeRawPointer?, _ count: Int32) -> String {
    guard let bytes, count > 0 else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
}

/// The text of an argument; `nil` for NULL; numbers are read as their text (SQLite's own
/// conversion), which the lowering never relies on.
private func text(_ value: OpaquePointer?) -> String? {
    guard let value, sqlite3_value_type(value) != SQLITE_NULL else { return nil }
    let count = Int(sqlite3_value_bytes(value))
    guard let bytes = sqlite3_value_text(value) else { return "" }
    return (String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
}

private func resultText(_ context: OpaquePointer, _ text: String) {
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    text.utf8CString.withUnsafeBufferPointer { buffer in
        sqlite3_result_text(context, buffer.baseAddress, Int32(buffer.count - 1), transient)
    }
}
