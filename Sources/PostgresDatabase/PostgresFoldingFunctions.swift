import Evaluation
import Foundation

/// The PostgreSQL functions that fold strings exactly as memory does (`pe_fold_c`, `pe_fold_d`,
/// `pe_fold_cd`, which `pe_fold` calls), written from ``SQLFoldingTable``: the engine's own
/// folding, asked character by character. Nothing here is a list written by hand.
///
/// Each function is the tables' cluster rule (``SQLFoldingTable/fold(_:_:)``, which the tests
/// hold equal to memory) as one pass over the characters: an ASCII string takes a fast path;
/// otherwise each character is looked up in `jsonb` maps (its fold; for `[d]`/`[cd]` whether it
/// extends a cluster, its combining class and its cluster's rule), the marks of a cluster are
/// removed or kept (decomposed, class 0 first) by the rule, and the result is put in NFC. A
/// lookup is a binary search, so a string of ten non-ASCII characters folds in about ten
/// microseconds (`Docs/sql-mapping.md`).
enum PostgresFoldingFunctions {
    /// The `CREATE OR REPLACE FUNCTION` statements of the three folding functions.
    static func statements(_ table: SQLFoldingTable = .shared) -> String {
        [caseFolding(table), clusterFolding(table, .d), clusterFolding(table, .cd)].joined(separator: "\n\n")
    }

    /// `[c]`: every character on its own.
    private static func caseFolding(_ table: SQLFoldingTable) -> String {
        let map = json((table.mapped[.c] ?? []).map { (String($0.0), $0.1) })
        return """
            \(constant("pe_fold_c_map", map))

            CREATE OR REPLACE FUNCTION pe_fold_c(s text) RETURNS text
            LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $pe$
            DECLARE
              r text := '';
              ch text;
            BEGIN
              IF octet_length(s) = length(s) THEN RETURN \(asciiLowercase("s")); END IF;
              FOREACH ch IN ARRAY string_to_array(s, NULL) LOOP
                r := r || coalesce(pe_fold_c_map() ->> ch, ch);
              END LOOP;
              RETURN normalize(r, NFC);
            END
            $pe$;
            """
    }

    /// `[d]`, `[cd]`: cluster by cluster.
    private static func clusterFolding(_ table: SQLFoldingTable, _ mode: SQLFoldingTable.Mode) -> String {
        let extending = Set(table.extending.map(\.value))
        let folds = json((table.mapped[mode] ?? []).map { (String($0.0), $0.1) })
        let classes = json(self.classes(table, mode, extending))
        // Kept marks are decomposed: each decomposition split into its class-0 and other parts.
        let decompositions = table.extending.compactMap { mark -> (String, String)? in
            let decomposed = String(mark).decomposedStringWithCanonicalMapping
            guard !decomposed.unicodeScalars.elementsEqual([mark]) else { return nil }
            let zero = Array(decomposed.unicodeScalars.filter { combiningClass($0) == 0 })
            let other = Array(decomposed.unicodeScalars.filter { combiningClass($0) != 0 })
            return (String(mark), text(zero) + "|" + text(other))
        }
        let ascii = mode == .d ? "s" : asciiLowercase("s")
        let (m, k, x) = (
            "pe_fold_\(mode.rawValue)_map()", "pe_fold_\(mode.rawValue)_classes()", "pe_fold_\(mode.rawValue)_marks()"
        )
        return """
            \(constant("pe_fold_\(mode.rawValue)_map", folds))

            \(constant("pe_fold_\(mode.rawValue)_classes", classes))

            \(constant("pe_fold_\(mode.rawValue)_marks", json(decompositions)))

            CREATE OR REPLACE FUNCTION pe_fold_\(mode.rawValue)(s text) RETURNS text
            LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $pe$
            DECLARE
              r text := '';
              head text := '';
              zero text := '';
              other text := '';
              rule text := '';
              fresh boolean := true;
              ch text;
              c text;
              part text;
            BEGIN
              IF octet_length(s) = length(s) THEN RETURN \(ascii); END IF;
              IF s !~ '\(characterClass(table.extending.map(\.value)))' THEN
                -- No marks: every character is a cluster of its own.
                FOREACH ch IN ARRAY string_to_array(s, NULL) LOOP
                  r := r || coalesce(\(m) ->> ch, ch);
                END LOOP;
                RETURN normalize(r, NFC);
              END IF;
              FOREACH ch IN ARRAY string_to_array(s, NULL) LOOP
                c := \(k) ->> ch;
                IF rule <> '' AND left(c, 1) IN ('z', 'o') THEN
                  IF rule = 'k' OR (rule = 'p' AND NOT (fresh AND ascii(ch) < \(SQLFoldingTable.romanLimit))) THEN
                    IF \(x) ? ch THEN
                      zero := zero || split_part(\(x) ->> ch, '|', 1);
                      other := other || split_part(\(x) ->> ch, '|', 2);
                    ELSIF left(c, 1) = 'z' THEN
                      zero := zero || ch;
                    ELSE
                      other := other || ch;
                    END IF;
                  END IF;
                  fresh := false;
                ELSE
                  r := r || head || zero || other;
                  head := '';
                  zero := '';
                  other := '';
                  fresh := true;
                  rule := coalesce(nullif(substr(c, 2, 1), ''),
                    CASE WHEN ascii(ch) < \(SQLFoldingTable.romanLimit) THEN 'd' ELSE 'p' END);
                  IF left(c, 1) IN ('z', 'o') THEN
                    -- A mark that starts the string: its fold joins the marks that follow.
                    FOREACH part IN ARRAY string_to_array(coalesce(\(m) ->> ch, ch), NULL) LOOP
                      CASE left(\(k) ->> part, 1)
                        WHEN 'z' THEN zero := zero || part;
                        WHEN 'o' THEN other := other || part;
                        ELSE head := head || part;
                      END CASE;
                    END LOOP;
                  ELSE
                    head := coalesce(\(m) ->> ch, ch);
                  END IF;
                END IF;
              END LOOP;
              RETURN normalize(r || head || zero || other, NFC);
            END
            $pe$;
            """
    }

    /// `CREATE OR REPLACE FUNCTION name() RETURNS jsonb`: a constant the planner folds into the
    /// expressions that call it (a `jsonb` variable would be copied on every call).
    private static func constant(_ name: String, _ json: String) -> String {
        """
        CREATE OR REPLACE FUNCTION \(name)() RETURNS jsonb
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $pe$ SELECT '\(json)'::jsonb $pe$;
        """
    }

    /// The class of each character that needs one under `mode`: `z`/`o` for a character that
    /// extends a cluster (combining class 0 or not), then its cluster rule when it differs from
    /// the default; `-d`, `-k`, `-p` for another character whose rule differs from the default
    /// (remove the marks below U+0510, keep them above).
    private static func classes(_ table: SQLFoldingTable, _ mode: SQLFoldingTable.Mode, _ extending: Set<UInt32>)
        -> [(String, String)]
    {
        var listed = extending
        for scalar in (table.dropsMarks[mode] ?? []) + (table.keepsMarks[mode] ?? []) + (table.plainMarks[mode] ?? []) {
            listed.insert(scalar.value)
        }
        return listed.sorted().compactMap { value in
            guard let scalar = Unicode.Scalar(value) else { return nil }
            let defaultRule: SQLFoldingTable.MarkRule = value < SQLFoldingTable.romanLimit ? .drop : .plain
            let rule = table.markRule(scalar, mode)
            let ruleLetter = rule == defaultRule ? "" : letter(rule)
            if extending.contains(value) {
                return (String(scalar), (combiningClass(scalar) == 0 ? "z" : "o") + ruleLetter)
            }
            return ruleLetter.isEmpty ? nil : (String(scalar), "-" + ruleLetter)
        }
    }

    private static func letter(_ rule: SQLFoldingTable.MarkRule) -> String {
        switch rule {
        case .drop: "d"
        case .keep: "k"
        case .plain: "p"
        }
    }

    private static func combiningClass(_ scalar: Unicode.Scalar) -> UInt8 {
        scalar.properties.canonicalCombiningClass.rawValue
    }

    private static func text(_ scalars: [Unicode.Scalar]) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// `[\u0300-\u036F…]`: a regular-expression class of the code points, as ranges.
    static func characterClass(_ values: [UInt32]) -> String {
        var ranges: [ClosedRange<UInt32>] = []
        for value in values.sorted() {
            if let last = ranges.last, last.upperBound + 1 == value {
                ranges[ranges.count - 1] = last.lowerBound...value
            } else if ranges.last?.contains(value) != true {
                ranges.append(value...value)
            }
        }
        let escape = { (value: UInt32) in
            value > 0xFFFF ? String(format: "\\U%08X", value) : String(format: "\\u%04X", value)
        }
        return "["
            + ranges.map { $0.count == 1 ? escape($0.lowerBound) : escape($0.lowerBound) + "-" + escape($0.upperBound) }
            .joined() + "]"
    }

    /// `translate(text, 'AB…Z', 'ab…z')`: ASCII lowercase, whatever the server's locale.
    private static func asciiLowercase(_ text: String) -> String {
        "translate(\(text), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"
    }

    /// A JSON object of the pairs, every non-ASCII or special character escaped (`\u00DF`,
    /// surrogate pairs beyond U+FFFF), so that the SQL text stays ASCII.
    static func json(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { "\"\(escaped($0.0))\":\"\(escaped($0.1))\"" }.joined(separator: ",") + "}"
    }

    private static func escaped(_ text: String) -> String {
        text.utf16.map { unit in
            switch unit {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: String(UnicodeScalar(UInt8(unit)))
            default: String(format: "\\u%04X", unit)
            }
        }.joined()
    }
}
