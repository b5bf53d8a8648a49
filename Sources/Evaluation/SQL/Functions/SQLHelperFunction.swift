/// The SQL functions a lowered query may call for what SQL cannot say exactly: `[c]`/`[d]`
/// folding, NSPredicate's `BEGINSWITH`/`ENDSWITH`/`CONTAINS`/`LIKE`/`MATCHES`, and the string
/// functions of the language. SQLite registers them on every connection the `SQLiteDatabase`
/// helper opens (implemented by the in-memory code itself); PostgreSQL gets them from
/// ``PostgresHelperFunctions/installStatement``.
///
/// `options` is the option letters of the predicate, as text: `''`, `'c'`, `'d'`, `'cd'`, `'n'`,
/// … (`name BEGINSWITH[cd] %@` lowers to `pe_begins_with("name", ?1, 'cd')`). Every function
/// is deterministic; the Boolean ones return 0 or 1 (PostgreSQL: `boolean`) and never NULL, so
/// that `NOT` around them is two-valued like `NOT` in memory.
///
/// | function | result |
/// |---|---|
/// | `pe_fold(text, options)` | the comparison key: NFC of the folded text; the text itself under `n`; NULL for NULL |
/// | `pe_equals(a, b, options)` | `a ==[options] b`: 1 when both are NULL, 0 when one is |
/// | `pe_compare(a, b, options)` | -1, 0, 1 as `<[options]` orders them; NULL when either is NULL |
/// | `pe_begins_with(text, prefix, options)` | `BEGINSWITH`; 0 for NULL or an empty prefix |
/// | `pe_ends_with(text, suffix, options)` | `ENDSWITH`; 0 for NULL or an empty suffix |
/// | `pe_contains(text, part, options)` | string `CONTAINS` (and `part IN text`); 0 for NULL or `''` |
/// | `pe_like(text, pattern, options)` | `LIKE` with `*` and `?`, whole string; 0 for NULL or `''`; an error for a trailing `\` |
/// | `pe_matches(text, pattern, options)` | `MATCHES`, whole string; 0 for NULL or `''`; an error for an invalid pattern |
/// | `pe_uppercase(text)`, `pe_lowercase(text)` | `uppercase:`, `lowercase:` (Unicode full mapping) |
/// | `pe_length(text)` | `length:` (UTF-16 code units) |
/// | `pe_canonical(text)` | `canonical:` (case, diacritic, width folding, then NFKC) |
public enum SQLHelperFunction: String, Sendable, Hashable, CaseIterable {
    /// `pe_fold(text, options)`: the key that makes `==[options]` an `=` and `<[options]` a
    /// `<` (byte order, `COLLATE "C"` in PostgreSQL); usable in an expression index.
    case fold = "pe_fold"
    /// `pe_equals(a, b, options)`: string equality under options, nil equal only to nil.
    case equals = "pe_equals"
    /// `pe_compare(a, b, options)`: three-way string order under options.
    case compare = "pe_compare"
    /// `pe_begins_with(text, prefix, options)`.
    case beginsWith = "pe_begins_with"
    /// `pe_ends_with(text, suffix, options)`.
    case endsWith = "pe_ends_with"
    /// `pe_contains(text, part, options)`.
    case contains = "pe_contains"
    /// `pe_like(text, pattern, options)`.
    case like = "pe_like"
    /// `pe_matches(text, pattern, options)`; in PostgreSQL the pattern must already be the
    /// translated, anchored ARE (see ``PostgresHelperFunctions``).
    case matches = "pe_matches"
    /// `pe_uppercase(text)`.
    case uppercase = "pe_uppercase"
    /// `pe_lowercase(text)`.
    case lowercase = "pe_lowercase"
    /// `pe_length(text)`.
    case length = "pe_length"
    /// `pe_canonical(text)`.
    case canonical = "pe_canonical"

    /// The SQL name.
    public var name: String { rawValue }

    /// The number of arguments.
    public var arity: Int {
        switch self {
        case .fold: 2
        case .equals, .compare, .beginsWith, .endsWith, .contains, .like, .matches: 3
        case .uppercase, .lowercase, .length, .canonical: 1
        }
    }
}
