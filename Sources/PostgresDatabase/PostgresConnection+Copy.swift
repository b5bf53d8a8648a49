import CLibPQ
import Evaluation

/// Bulk writing through `COPY "table" ("a", "b") FROM STDIN`: the rows go to the server in
/// the copy protocol's text format (``PostgresCopyText``), a buffer at a time, with no
/// statement per row and no value in any SQL text.
extension PostgresConnection {
    /// How many bytes of rows are sent at a time.
    static let copyBufferSize = 1 << 20

    /// Streams the rows through `COPY … FROM STDIN` (``SQLDatabase``). When `produce` throws,
    /// or a value cannot be written, the copy is ended as failed (the server keeps none of its
    /// rows) and the error rethrown; an error of the server (a value its column refuses) names
    /// the table, the line and the column.
    public func insertRows(
        into table: String, columns: [String], _ produce: (_ write: SQLRowWriter) throws -> Void
    ) throws {
        let sql =
            "COPY " + dialect.quote(table) + " (" + columns.map { dialect.quote($0) }.joined(separator: ", ")
            + ") FROM STDIN"
        let started = PQexec(handle, sql)
        defer { PQclear(started) }
        guard PQresultStatus(started) == PGRES_COPY_IN else {
            try check(started, sql: sql)
            throw PostgresError(message: "the server did not start the copy", sql: sql)
        }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(Self.copyBufferSize + 4096)
        do {
            try produce { row in
                guard row.count == columns.count else {
                    throw PostgresError(message: "a row of \(row.count) values for \(columns.count) columns", sql: sql)
                }
                for (index, value) in row.enumerated() {
                    if index > 0 { buffer.append(UInt8(ascii: "\t")) }
                    try PostgresCopyText.append(value, column: columns[index], to: &buffer)
                }
                buffer.append(UInt8(ascii: "\n"))
                if buffer.count >= Self.copyBufferSize {
                    try send(&buffer, sql: sql)
                }
            }
            try send(&buffer, sql: sql)
        } catch {
            endCopy(failure: "the rows were not all written")
            throw error
        }
        guard PQputCopyEnd(handle, nil) == 1 else {
            let failure = PostgresError(
                message: configuration.redacting(String(cString: PQerrorMessage(handle))), sql: sql)
            drainResults()
            throw failure
        }
        let finished = PQgetResult(handle)
        defer {
            PQclear(finished)
            drainResults()
        }
        try check(finished, sql: sql)
    }

    /// Sends the buffered rows and empties the buffer.
    private func send(_ buffer: inout [UInt8], sql: String) throws(PostgresError) {
        guard !buffer.isEmpty else { return }
        let sent = buffer.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { PQputCopyData(handle, $0.baseAddress, Int32($0.count)) }
        }
        guard sent == 1 else {
            throw PostgresError(message: configuration.redacting(String(cString: PQerrorMessage(handle))), sql: sql)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Ends a copy as failed and reads the server's answers, so that the connection is ready
    /// for the next statement (the `ROLLBACK` of the transaction around it).
    private func endCopy(failure reason: String) {
        _ = PQputCopyEnd(handle, reason)
        drainResults()
    }

    /// Reads (and drops) the results left, until libpq has none.
    private func drainResults() {
        while let result = PQgetResult(handle) { PQclear(result) }
    }
}
