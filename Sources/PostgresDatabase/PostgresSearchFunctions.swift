import Evaluation

/// `pe_contains`, `pe_beginswith` and `pe_endswith` on PostgreSQL: memory's string search.
///
/// Both sides are folded (`pe_fold`); with `[n]` the raw strings are searched code unit by
/// code unit. Memory searches non-ASCII text by whole characters, so a match must start and
/// end between two characters: `pe_boundary(h, i)` says whether one ends before the `i`-th
/// character of `h`, from the standard library's own boundaries (``SQLGraphemeTable``):
///
/// ```sql
/// SELECT pe_contains('İstanbul', 'i', 'c')   -- 0: `İ` folds to `i` and a combining dot, one character
/// SELECT pe_contains('İstanbul', 'i̇s', 'c')  -- 1
/// ```
enum PostgresSearchFunctions {
    /// The `CREATE OR REPLACE FUNCTION` statements.
    static func statements(_ table: SQLGraphemeTable = .shared) -> String {
        let previous = PostgresFoldingFunctions.characterClass(table.joinsPrevious.map(\.value))
        let next = PostgresFoldingFunctions.characterClass(table.joinsNext.map(\.value))
        let afterJoiner = PostgresFoldingFunctions.characterClass(table.joinsAfterJoiner.map(\.value))
        return """
            CREATE OR REPLACE FUNCTION pe_boundary(h text, i integer) RETURNS boolean
            LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $pe$
              SELECT i <= 1 OR i > length(h) OR NOT (
                substr(h, i, 1) ~ '\(previous)'
                OR substr(h, i - 1, 1) ~ '\(next)'
                OR (substr(h, i - 1, 1) = E'\\u200D' AND substr(h, i, 1) ~ '\(afterJoiner)'))
            $pe$;

            CREATE OR REPLACE FUNCTION pe_contains(s text, t text, o text) RETURNS integer
            LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $pe$
            DECLARE
              h text;
              n text;
              p integer;
              q integer;
            BEGIN
              IF s IS NULL OR t IS NULL THEN RETURN NULL; END IF;
              IF t = '' THEN RETURN 0; END IF;
              IF strpos(o, 'n') > 0 THEN RETURN CASE WHEN strpos(s, t) > 0 THEN 1 ELSE 0 END; END IF;
              h := pe_fold(s, o);
              n := pe_fold(t, o);
              p := strpos(h, n);
              IF p = 0 THEN RETURN 0; END IF;
              IF octet_length(h) = length(h) THEN RETURN 1; END IF;
              LOOP
                IF pe_boundary(h, p) AND pe_boundary(h, p + length(n)) THEN RETURN 1; END IF;
                q := strpos(substr(h, p + 1), n);
                IF q = 0 THEN RETURN 0; END IF;
                p := p + q;
              END LOOP;
            END
            $pe$;

            CREATE OR REPLACE FUNCTION pe_beginswith(s text, t text, o text) RETURNS integer
            LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $pe$
            DECLARE
              h text;
              n text;
            BEGIN
              IF s IS NULL OR t IS NULL THEN RETURN NULL; END IF;
              IF t = '' THEN RETURN 0; END IF;
              IF strpos(o, 'n') > 0 THEN RETURN CASE WHEN starts_with(s, t) THEN 1 ELSE 0 END; END IF;
              h := pe_fold(s, o);
              n := pe_fold(t, o);
              RETURN CASE WHEN starts_with(h, n) AND pe_boundary(h, length(n) + 1) THEN 1 ELSE 0 END;
            END
            $pe$;

            CREATE OR REPLACE FUNCTION pe_endswith(s text, t text, o text) RETURNS integer
            LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $pe$
            DECLARE
              h text;
              n text;
            BEGIN
              IF s IS NULL OR t IS NULL THEN RETURN NULL; END IF;
              IF t = '' THEN RETURN 0; END IF;
              IF strpos(o, 'n') > 0 THEN RETURN CASE WHEN right(s, length(t)) = t THEN 1 ELSE 0 END; END IF;
              h := pe_fold(s, o);
              n := pe_fold(t, o);
              RETURN CASE
                WHEN right(h, length(n)) = n AND pe_boundary(h, length(h) - length(n) + 1) THEN 1 ELSE 0 END;
            END
            $pe$;
            """
    }
}
