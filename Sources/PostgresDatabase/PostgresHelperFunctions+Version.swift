import Evaluation

/// The version mark of the helper functions in a database, so that they are installed once
/// per database rather than on every `db create` (issue 21).
///
/// The mark is a comment on `pe_fold(text, text)` in the current schema —
/// `predicate-engine helper functions fnv1a64:…` — written by the same statement that installs
/// the functions, so that it exists only where the functions it describes do, and is rolled
/// back with them. ``PostgresConnection/installHelperFunctions()`` reads it (one catalogue
/// query) and runs ``installStatement`` only when it differs from this build's ``version``.
///
/// ``version`` is the content hash of ``installStatement``, recorded here as a constant:
/// deriving the folding tables behind that statement takes a few hundred milliseconds (every
/// code point asked of the engine's fold), which a mark exists to avoid. A test derives the
/// statement and requires its hash to equal the constant, so a change to any definition — or
/// to the Unicode tables of a new toolchain, which change the folding tables — fails the tests
/// until the constant is updated, and a database installed by another build gets the new
/// definitions on its next `db create`.
extension PostgresHelperFunctions {
    /// The content hash of ``installStatement`` (``fingerprint(_:)``); see the type's comment.
    package static let version = "fnv1a64:0c40cd2077739c25"

    /// What the mark's comment says before the version.
    package static let markPrefix = "predicate-engine helper functions "

    /// The installation and the mark, run as one statement (one implicit transaction when no
    /// transaction is open; `db create` runs it inside its own).
    package static var markedInstallStatement: String {
        installStatement + "\n\n" + markStatement(version: version)
    }

    /// `COMMENT ON FUNCTION pe_fold(text, text) IS '…'`: the mark of `version` (a constant of
    /// the build, letters, digits and a colon only, never a value from input).
    package static func markStatement(version: String) -> String {
        "COMMENT ON FUNCTION pe_fold(text, text) IS '\(markPrefix)\(version)';"
    }

    /// The mark in the current schema: one row with the comment of `pe_fold(text, text)` (NULL
    /// without a comment), or no row when the function is not there.
    package static let markQuery = SQLStatement(
        sql: """
            SELECT obj_description(p.oid, 'pg_proc') FROM pg_proc p
            JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname = current_schema() AND p.proname = 'pe_fold'
              AND p.proargtypes = '25 25'::oidvector
            """)

    /// Whether the rows of ``markQuery`` show this build's functions installed.
    package static func isCurrent(markRows rows: [[SQLValue]]) -> Bool {
        guard rows.count == 1, case .text(let comment)? = rows.first?.first else { return false }
        return comment == markPrefix + version
    }

    /// FNV-1a, 64 bits, of the UTF-8 of `text`, as `fnv1a64:` and 16 hexadecimal digits: a
    /// change detector for the functions' definitions, not a secure hash.
    package static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - digits.count) + digits
    }
}
