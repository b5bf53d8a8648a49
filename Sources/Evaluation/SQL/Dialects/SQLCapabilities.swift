/// What a database supports beyond the SQL that every dialect shares; the lowering reads these
/// flags to pick a formulation or to refuse a construct.
///
/// The PostgreSQL-speaking distributed engines differ here (research A.7): CockroachDB has
/// `unaccent` as a builtin and RE2 regular expressions, Citus supports correlated subqueries
/// only on the distribution column (so `EXISTS (… WHERE child.parent = root.id)` must become
/// `root.id IN (SELECT child.parent …)`), YugabyteDB supports only the `"C"` database collation.
public struct SQLCapabilities: Sendable, Hashable {
    /// How `unaccent` is available (informational: the engine folds with its own helper
    /// functions, never with `unaccent`, whose mapping differs from Foundation's).
    public enum Unaccent: String, Sendable, Hashable {
        /// Not available.
        case none
        /// `CREATE EXTENSION unaccent` (PostgreSQL contrib).
        case `extension`
        /// A builtin function (CockroachDB).
        case builtin
    }

    /// The regular-expression language of the database's own operator.
    public enum RegexFlavor: String, Sendable, Hashable {
        /// None; `MATCHES` needs the engine's helper function (SQLite: `pe_matches`, ICU).
        case none
        /// PostgreSQL's advanced regular expressions (`~`).
        case postgres
        /// Go's RE2 (CockroachDB): no back-references, no look-around.
        case re2
    }

    /// Whether the engine's helper functions (`pe_fold`, `pe_like`, …) are available: SQLite
    /// registers them on each connection, PostgreSQL needs the install statement once per
    /// database. Without them `[c]`, `[d]`, `LIKE` and `MATCHES` are refused.
    public var helperFunctions: Bool
    /// Whether a subquery may refer to a column of the outer query (`EXISTS` per quantifier);
    /// otherwise the lowering writes `root.id IN (SELECT …)`.
    public var correlatedSubqueries: Bool
    /// Whether `LIKE … ESCAPE '\'` is supported.
    public var likeEscape: Bool
    /// Whether `x IN ()` is valid SQL (SQLite yes, PostgreSQL no: the lowering writes the
    /// constant instead).
    public var emptyInList: Bool
    /// Whether the database has a Boolean type (`TRUE`/`FALSE`) rather than `1`/`0`.
    public var booleanType: Bool
    /// Nondeterministic (case- or accent-insensitive) ICU collations.
    public var nondeterministicCollations: Bool
    /// How `unaccent` is available.
    public var unaccent: Unaccent
    /// The database's own regular-expression operator.
    public var regexFlavor: RegexFlavor
    /// The largest number of bindings one statement may have.
    public var maximumBindings: Int

    /// Creates a capability set.
    public init(
        helperFunctions: Bool, correlatedSubqueries: Bool, likeEscape: Bool, emptyInList: Bool,
        booleanType: Bool, nondeterministicCollations: Bool, unaccent: Unaccent, regexFlavor: RegexFlavor,
        maximumBindings: Int
    ) {
        self.helperFunctions = helperFunctions
        self.correlatedSubqueries = correlatedSubqueries
        self.likeEscape = likeEscape
        self.emptyInList = emptyInList
        self.booleanType = booleanType
        self.nondeterministicCollations = nondeterministicCollations
        self.unaccent = unaccent
        self.regexFlavor = regexFlavor
        self.maximumBindings = maximumBindings
    }

    /// SQLite 3.32 or later with the engine's functions registered on the connection.
    public static let sqlite = SQLCapabilities(
        helperFunctions: true, correlatedSubqueries: true, likeEscape: true, emptyInList: true, booleanType: false,
        nondeterministicCollations: false, unaccent: .none, regexFlavor: .none, maximumBindings: 32_766)

    /// PostgreSQL 13 or later (`normalize()` is needed by the helper functions).
    public static let postgres = SQLCapabilities(
        helperFunctions: true, correlatedSubqueries: true, likeEscape: true, emptyInList: false, booleanType: true,
        nondeterministicCollations: true, unaccent: .extension, regexFlavor: .postgres, maximumBindings: 65_535)

    /// CockroachDB: `unaccent` builtin, RE2, no PL/pgSQL helper functions assumed.
    public static let cockroach = SQLCapabilities(
        helperFunctions: false, correlatedSubqueries: true, likeEscape: true, emptyInList: false, booleanType: true,
        nondeterministicCollations: false, unaccent: .builtin, regexFlavor: .re2, maximumBindings: 65_535)

    /// Citus: PostgreSQL, but correlated subqueries only on the distribution column.
    public static let citus = SQLCapabilities(
        helperFunctions: true, correlatedSubqueries: false, likeEscape: true, emptyInList: false, booleanType: true,
        nondeterministicCollations: true, unaccent: .extension, regexFlavor: .postgres, maximumBindings: 65_535)

    /// YugabyteDB YSQL: PostgreSQL's query layer, `"C"` collation only.
    public static let yugabyte = SQLCapabilities(
        helperFunctions: true, correlatedSubqueries: true, likeEscape: true, emptyInList: false, booleanType: true,
        nondeterministicCollations: false, unaccent: .extension, regexFlavor: .postgres, maximumBindings: 65_535)
}
