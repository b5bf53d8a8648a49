/// `INSERT INTO "table" ("a", "b") VALUES (?, ?), (?, ?), …`: rows of values, every value
/// bound. An insert of many rows is cut into statements the database accepts with
/// ``batches(maximumBindings:)``.
public struct SQLInsert: Sendable, Hashable {
    /// The table's name.
    public var table: String
    /// The columns given, in order.
    public var columns: [String]
    /// The rows, each one value per column in the order of ``columns``. An insert needs at
    /// least one row (``batches(maximumBindings:)`` gives none for none).
    public var rows: [[SQLValue]]

    /// An insert of `rows` into `columns` of `table`.
    public init(table: String, columns: [String], rows: [[SQLValue]]) {
        self.table = table
        self.columns = columns
        self.rows = rows
    }

    /// The rows cut into inserts of at most `maximumBindings` bound values each (at least one
    /// row each, however wide), in order; none when there are no rows. A database caps the
    /// placeholders of one statement (``SQLDialect/maximumBindings``).
    public func batches(maximumBindings: Int) -> [SQLInsert] {
        let perStatement = Swift.max(1, maximumBindings / Swift.max(1, columns.count))
        return stride(from: 0, to: rows.count, by: perStatement).map { start in
            SQLInsert(
                table: table, columns: columns, rows: Array(rows[start..<Swift.min(rows.count, start + perStatement)]))
        }
    }
}

/// `UPDATE "table" SET "a" = ?, … WHERE …`; the conditions are joined with AND and name the
/// table's columns unqualified (``SQLExpression/columnName(_:)``).
public struct SQLUpdate: Sendable, Hashable {
    /// One `"column" = value`.
    public struct Assignment: Sendable, Hashable {
        /// The column set.
        public var column: String
        /// Its new value.
        public var value: SQLExpression

        /// `column = value`.
        public init(_ column: String, _ value: SQLExpression) {
            self.column = column
            self.value = value
        }
    }

    /// The table's name.
    public var table: String
    /// What is set, in order (at least one).
    public var assignments: [Assignment]
    /// The `WHERE` conditions, joined with AND; every row when empty.
    public var conditions: [SQLExpression]

    /// An update of the rows of `table` that meet every condition.
    public init(table: String, set assignments: [Assignment], where conditions: [SQLExpression] = []) {
        self.table = table
        self.assignments = assignments
        self.conditions = conditions
    }
}

/// `DELETE FROM "table" WHERE …`; the conditions are joined with AND and name the table's
/// columns unqualified.
public struct SQLDelete: Sendable, Hashable {
    /// The table's name.
    public var table: String
    /// The `WHERE` conditions, joined with AND; every row when empty.
    public var conditions: [SQLExpression]

    /// A deletion of the rows of `table` that meet every condition.
    public init(from table: String, where conditions: [SQLExpression] = []) {
        self.table = table
        self.conditions = conditions
    }
}
