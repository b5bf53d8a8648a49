import Evaluation

/// `pe_contains`, `pe_beginswith` and `pe_endswith` on PostgreSQL: memory's string search.
///
/// Both sides are folded (`pe_fold`); with `[n]` the raw strings are searched code unit by
/// code unit. Memory searches non-ASCII text by whole characters, so a match must start and
/// end between two characters: `pe_boundary(h, i)` says whether one ends before the `i`-th
/// character of `h`, applying the rules of ``SQLGraphemeTable`` in their order, with its
/// tables derived from the standard library's own boundaries:
///
/// ```sql
/// SELECT pe_contains('İstanbul', 'i', 'c')   -- 0: `İ` folds to `i` and a combining dot, one character
/// SELECT pe_contains('İstanbul', 'i̇s', 'c')  -- 1
/// ```
enum PostgresSearchFunctions {
    /// The `CREATE OR REPLACE FUNCTION` statements.
    static func statements(_ table: SQLGraphemeTable = .shared) -> String {
        let c = { (scalars: [Unicode.Scalar]) in PostgresFoldingFunctions.characterClass(scalars.map(\.value)) }
        return """
            CREATE OR REPLACE FUNCTION pe_boundary(h text, i integer) RETURNS boolean
            LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $pe$
            DECLARE
              a text;
              b text;
              j integer;
              n integer;
            BEGIN
              IF i <= 1 OR i > length(h) THEN RETURN true; END IF;
              a := substr(h, i - 1, 1);
              b := substr(h, i, 1);
              IF a = E'\\r' AND b = E'\\n' THEN RETURN false; END IF;
              IF a ~ '\(c(table.controls))' OR b ~ '\(c(table.controls))' THEN RETURN true; END IF;
              IF a ~ '\(c(table.hangulL))' AND b ~ '\(c(table.hangulAfterL))' THEN RETURN false; END IF;
              IF a ~ '\(c(table.hangulLVOrV))' AND b ~ '\(c(table.hangulVOrT))' THEN RETURN false; END IF;
              IF a ~ '\(c(table.hangulLVTOrT))' AND b ~ '\(c(table.hangulT))' THEN RETURN false; END IF;
              IF b ~ '\(c(table.joinsPrevious))' OR a ~ '\(c(table.joinsNext))' THEN RETURN false; END IF;
              IF a = E'\\u200D' AND b ~ '\(c(table.joinsAfterJoiner))' THEN
                j := i - 2;
                WHILE j >= 1 AND substr(h, j, 1) ~ '\(c(table.emojiExtenders))' LOOP j := j - 1; END LOOP;
                IF j >= 1 AND substr(h, j, 1) ~ '\(c(table.pictographs))' THEN RETURN false; END IF;
              END IF;
              IF a ~ '\(c(table.regionalIndicators))' AND b ~ '\(c(table.regionalIndicators))' THEN
                n := 0;
                j := i - 1;
                WHILE j >= 1 AND substr(h, j, 1) ~ '\(c(table.regionalIndicators))' LOOP
                  n := n + 1;
                  j := j - 1;
                END LOOP;
                IF n % 2 = 1 THEN RETURN false; END IF;
              END IF;
              RETURN true;
            END
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
