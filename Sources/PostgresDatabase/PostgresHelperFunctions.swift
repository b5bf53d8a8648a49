import Evaluation

/// The SQL functions that lowered predicates call on PostgreSQL, installed by one statement
/// (``installStatement``; `PostgresConnection.installHelperFunctions()` runs it, with a version
/// mark, when the database does not have this build's: ``version``). They mirror
/// the in-memory string semantics that the SQLite helper registers as Swift functions:
///
/// | function | meaning |
/// |---|---|
/// | `pe_fold(s, o)` | the string as `==[o]` compares it: folded exactly as memory folds (`pe_fold_c`, `pe_fold_d`, `pe_fold_cd`, written from the engine's folding tables), then NFC; `s` itself under `[n]` |
/// | `pe_compare(a, b, o)` | -1, 0, 1: the folded strings in code-point order (`COLLATE "C"`) |
/// | `pe_contains`, `pe_beginswith`, `pe_endswith` `(s, t, o)` | 1 or 0; 0 for an empty `t`; NULL for a NULL operand; a match starts and ends between whole characters (``PostgresSearchFunctions``) |
/// | `pe_like(s, p, o)` | 1 or 0: `*` and `?` wildcards over the whole (NFKC-normalised unless `[n]`) string; an error for a trailing `\` |
/// | `pe_raise(c, k)` | 0; an error naming the key `k` when `c` is true (where memory's evaluation raises) |
///
/// The server's encoding must be UTF-8; folding does not depend on its locale (no `lower()`),
/// and a database collation of `C` gives plain order.
/// `MATCHES` needs no function: the PostgreSQL dialect translates its pattern to the server's
/// own regular expressions (`PostgreSQLDialect.regexMatch`), folding the subject with `pe_fold`.
///
/// ```sql
/// SELECT pe_contains('Zoë', 'OE', 'cd')   -- 1
/// ```
package enum PostgresHelperFunctions {
    /// One statement creating or replacing every helper function; the folding functions are
    /// written from the engine's own folding (``PostgresFoldingFunctions``) on first use.
    package static let installStatement: String =
        PostgresFoldingFunctions.statements() + "\n\n" + functions + "\n\n" + PostgresSearchFunctions.statements()

    /// The helper functions besides the folding ones.
    private static let functions = """
        CREATE OR REPLACE FUNCTION pe_fold(s text, o text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $pe$
          SELECT CASE
            WHEN s IS NULL THEN NULL
            WHEN strpos(o, 'n') > 0 THEN s
            WHEN strpos(o, 'c') > 0 AND strpos(o, 'd') > 0 THEN pe_fold_cd(s)
            WHEN strpos(o, 'c') > 0 THEN pe_fold_c(s)
            WHEN strpos(o, 'd') > 0 THEN pe_fold_d(s)
            ELSE normalize(s, NFC)
          END
        $pe$;

        CREATE OR REPLACE FUNCTION pe_compare(a text, b text, o text) RETURNS integer
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $pe$
          SELECT CASE
            WHEN a IS NULL OR b IS NULL THEN NULL
            WHEN pe_fold(a, o) COLLATE "C" < pe_fold(b, o) COLLATE "C" THEN -1
            WHEN pe_fold(a, o) = pe_fold(b, o) THEN 0
            ELSE 1
          END
        $pe$;

        CREATE OR REPLACE FUNCTION pe_like_pattern(p text) RETURNS text
        LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $pe$
        DECLARE
          result text := '';
          c text;
          escaped boolean := false;
        BEGIN
          FOREACH c IN ARRAY regexp_split_to_array(p, '') LOOP
            IF escaped THEN
              result := result || CASE WHEN c IN ('%', '_', '\\') THEN '\\' || c ELSE c END;
              escaped := false;
            ELSIF c = '\\' THEN escaped := true;
            ELSIF c = '*' THEN result := result || '%';
            ELSIF c = '?' THEN result := result || '_';
            ELSIF c IN ('%', '_') THEN result := result || '\\' || c;
            ELSE result := result || c;
            END IF;
          END LOOP;
          IF escaped THEN
            RAISE EXCEPTION 'pe_like: the backslash is a wildcard character and cannot appear unescaped at the end of a LIKE pattern';
          END IF;
          RETURN result;
        END
        $pe$;

        CREATE OR REPLACE FUNCTION pe_raise(c boolean, k anyelement) RETURNS integer
        LANGUAGE plpgsql PARALLEL SAFE AS $pe$
        BEGIN
          IF c THEN
            RAISE EXCEPTION '\(SQLHelperFunctions.raiseMessage(key: "%"))', k;
          END IF;
          RETURN 0;
        END
        $pe$;

        CREATE OR REPLACE FUNCTION pe_like(s text, p text, o text) RETURNS integer
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $pe$
          SELECT CASE
            WHEN s IS NULL OR p IS NULL THEN NULL
            WHEN p = '' THEN 0
            WHEN strpos(o, 'n') > 0 THEN
              CASE WHEN s LIKE pe_like_pattern(p) ESCAPE '\\' THEN 1 ELSE 0 END
            WHEN pe_fold(normalize(s, NFKC), o) LIKE pe_like_pattern(pe_fold(normalize(p, NFKC), o)) ESCAPE '\\'
              THEN 1
            ELSE 0
          END
        $pe$;
        """
}
