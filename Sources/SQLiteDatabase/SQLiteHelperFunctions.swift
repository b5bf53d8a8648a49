import CSQLite
import Evaluation
import Predicates

/// Registers the ``SQLHelperFunction``s on a connection, each implemented by the in-memory
/// semantics (``SQLStringSemantics``, ``SQLStringOperation``), so that SQL and memory agree
/// exactly. The functions are deterministic (usable in expression indexes and by the planner's
/// constant folding) and innocuous.
///
/// A compiled `LIKE`/`MATCHES` pattern or folded needle is kept with the statement for as
/// long as its argument is a constant of the statement (`sqlite3_set_auxdata`), so a
/// `pe_like("name", ?1, 'c')` over a million rows compiles its pattern once.
enum SQLiteHelperFunctions {
    static func register(on connection: OpaquePointer) throws(SQLiteError) {
        for (index, function) in SQLHelperFunction.allCases.enumerated() {
            let code = sqlite3_create_function_v2(
                connection, function.name, Int32(function.arity), SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                UnsafeMutableRawPointer(bitPattern: index + 1), helperFunctionCallback, nil, nil, nil)
            guard code == SQLITE_OK else {
                throw SQLiteError.from(connection, code: code, sql: "(registering \(function.name))")
            }
        }
    }
}

/// The one C entry point of every helper function; the function is told by the user data.
private func helperFunctionCallback(
    _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let context else { return }
    let tag = Int(bitPattern: sqlite3_user_data(context)) - 1
    guard SQLHelperFunction.allCases.indices.contains(tag) else {
        sqlite3_result_error(context, "unknown helper function", -1)
        return
    }
    let function = SQLHelperFunction.allCases[tag]
    let values = (0..<Int(count)).map { arguments?[$0] }
    do {
        try HelperCall(context: context, function: function, values: values).run()
    } catch let error as EvaluationError {
        sqlite3_result_error(context, "\(function.name): \(error.message)", -1)
    } catch {
        sqlite3_result_error(context, "\(function.name): \(error)", -1)
    }
}

/// One call of a helper function.
private struct HelperCall {
    let context: OpaquePointer
    let function: SQLHelperFunction
    let values: [OpaquePointer?]

    func run() throws {
        switch function {
        case .fold:
            guard let text = try text(0) else { return sqlite3_result_null(context) }
            resultText(SQLStringSemantics.foldKey(text, try options(1)))
        case .equals:
            let (a, b) = (try text(0), try text(1))
            let options = try options(2)
            switch (a, b) {
            case (nil, nil): resultBool(true)
            case (let a?, let b?): resultBool(SQLStringSemantics.equals(a, b, options))
            default: resultBool(false)
            }
        case .compare:
            let options = try options(2)
            guard let a = try text(0), let b = try text(1) else { return sqlite3_result_null(context) }
            sqlite3_result_int(context, Int32(SQLStringSemantics.compare(a, b, options)))
        case .beginsWith: try stringOperation(.beginsWith)
        case .endsWith: try stringOperation(.endsWith)
        case .contains: try stringOperation(.contains)
        case .like: try stringOperation(.like)
        case .matches: try stringOperation(.matches)
        case .uppercase: try map(SQLStringSemantics.uppercase)
        case .lowercase: try map(SQLStringSemantics.lowercase)
        case .canonical: try map(SQLStringSemantics.canonical)
        case .length:
            guard let text = try text(0) else { return sqlite3_result_null(context) }
            sqlite3_result_int64(context, Int64(SQLStringSemantics.length(text)))
        }
    }

    /// `function(text, operand, options)`: 0 when the text or the operand is NULL; the prepared
    /// operand is cached on the operand argument while it is a constant of the statement.
    private func stringOperation(_ kind: SQLStringOperation.Kind) throws {
        let letters = try text(2) ?? ""
        guard let subject = try text(0), let operand = try text(1) else { return resultBool(false) }
        let operation: SQLStringOperation
        if let cached = sqlite3_get_auxdata(context, 1),
            case let box = Unmanaged<SQLStringOperation>.fromOpaque(cached).takeUnretainedValue(),
            box.operand == operand, box.optionLetters == letters
        {
            operation = box
        } else {
            operation = try SQLStringOperation(kind, operand: operand, options: letters)
            sqlite3_set_auxdata(context, 1, Unmanaged.passRetained(operation).toOpaque(), releaseOperation)
        }
        resultBool(operation.matches(subject))
    }

    private func map(_ transform: (String) -> String) throws {
        guard let text = try text(0) else { return sqlite3_result_null(context) }
        resultText(transform(text))
    }

    private func options(_ index: Int) throws -> ComparisonOptions {
        try SQLStringSemantics.options(text(index) ?? "")
    }

    /// The text of argument `index`; `nil` for NULL; an error for a number or a blob.
    private func text(_ index: Int) throws -> String? {
        guard index < values.count, let value = values[index] else { return nil }
        switch sqlite3_value_type(value) {
        case SQLITE_NULL: return nil
        case SQLITE_TEXT:
            let count = Int(sqlite3_value_bytes(value))
            guard let bytes = sqlite3_value_text(value) else { return "" }
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        case SQLITE_INTEGER: throw HelperArgumentError(index: index, kind: "an integer")
        case SQLITE_FLOAT: throw HelperArgumentError(index: index, kind: "a real")
        default: throw HelperArgumentError(index: index, kind: "a blob")
        }
    }

    private func resultBool(_ value: Bool) { sqlite3_result_int(context, value ? 1 : 0) }

    private func resultText(_ text: String) {
        text.utf8CString.withUnsafeBufferPointer { buffer in
            sqlite3_result_text(context, buffer.baseAddress, Int32(buffer.count - 1), transientDestructor)
        }
    }
}

/// Releases a cached ``SQLStringOperation`` when SQLite drops it.
private func releaseOperation(_ pointer: UnsafeMutableRawPointer?) {
    guard let pointer else { return }
    Unmanaged<SQLStringOperation>.fromOpaque(pointer).release()
}

/// A helper function received a value that is not text.
private struct HelperArgumentError: Error, CustomStringConvertible {
    let index: Int
    let kind: String

    var description: String { "argument \(index + 1) must be text, got \(kind)" }
}
