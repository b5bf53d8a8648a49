/// A column a mapping wants to find in a store: the name it predicts (and the mapping's name
/// to rename, when that is another), the name the store's column must start with (a number
/// may follow), its type and what it holds, for messages.
struct WantedColumn: Sendable {
    var name: String
    var renaming: String
    var base: String?
    var type: SQLColumnType
    var what: String

    init(name: String, renaming: String? = nil, base: String?, type: SQLColumnType, what: String) {
        self.name = name
        self.renaming = renaming ?? name
        self.base = base
        self.type = type
        self.what = what
    }
}

/// Finds, among the columns one table of a store has, the column each wanted column is
/// (``CoreDataStoreBinding``). A stored column is taken once.
///
/// 1. A stored column with the predicted name and a type of the same class is it.
/// 2. Otherwise the candidates are the unclaimed stored columns named `base` or `base` and a
///    number, of a fitting type; a column with one candidate takes it, again until nothing
///    changes (a column whose candidates others took is then decided).
/// 3. Interchangeable columns (the two sides of a relationship that is its own inverse, whose
///    predicted names say nothing about which is which) skip the first step and share their
///    candidates in the order of the numbers, the first column taking the lowest.
///
/// A column left with several candidates is an ambiguity, returned as a difference (and bound
/// to the first, so that it is reported once); one left without any keeps its predicted name
/// (the catalogue check then reports it).
struct StoredColumnMatcher<Dialect: SQLDialect> {
    let stored: [SQLCatalogue.Column]
    let dialect: Dialect
    private var claimed: Set<String> = []

    init(stored: [SQLCatalogue.Column], dialect: Dialect) {
        self.stored = stored
        self.dialect = dialect
    }

    /// Matches `wanted` in `table`, calling `rename` with the mapping's name and the stored
    /// name of each column found; returns the ambiguities.
    mutating func match(
        _ wanted: [WantedColumn], in table: String, interchangeable: Bool = false,
        rename: (_ mappingName: String, _ storedName: String) -> Void
    ) -> [String] {
        var pending: [WantedColumn] = []
        for column in wanted {
            if !interchangeable, let found = SQLCatalogue.column(column.name, in: stored, dialect: dialect),
                !claimed.contains(key(found.name)), fits(found, column.type)
            {
                take(found, for: column, rename)
            } else {
                pending.append(column)
            }
        }
        var progress = true
        while progress, !pending.isEmpty {
            progress = false
            pending = pending.filter { column in
                let candidates = self.candidates(for: column)
                guard candidates.count == 1, let only = candidates.first else { return true }
                take(only, for: column, rename)
                progress = true
                return false
            }
        }
        if interchangeable {
            pending = pending.filter { column in
                guard let first = candidates(for: column).first else { return true }
                take(first, for: column, rename)
                return false
            }
        }
        var ambiguities: [String] = []
        for column in pending {
            let candidates = self.candidates(for: column)
            guard candidates.count > 1, let first = candidates.first else { continue }
            let names = candidates.map { "\"\($0.name)\"" }.joined(separator: ", ")
            ambiguities.append(
                "table \"\(table)\" has \(candidates.count) columns that could hold \(column.what): \(names)")
            // Taken, so that the catalogue check does not report the column missing as well.
            take(first, for: column, rename)
        }
        return ambiguities
    }

    private mutating func take(
        _ found: SQLCatalogue.Column, for column: WantedColumn, _ rename: (String, String) -> Void
    ) {
        claimed.insert(key(found.name))
        rename(column.renaming, found.name)
    }

    /// The unclaimed stored columns `column` may be, lowest number first.
    private func candidates(for column: WantedColumn) -> [SQLCatalogue.Column] {
        guard let base = column.base else { return [] }
        let numbered = stored.compactMap { found -> (Int, SQLCatalogue.Column)? in
            guard !claimed.contains(key(found.name)), fits(found, column.type),
                let number = number(of: found.name, after: base)
            else { return nil }
            return (number, found)
        }
        return numbered.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The number after `base` in `name` (0 for `base` itself), `nil` when `name` is not
    /// `base` followed by ASCII digits only.
    private func number(of name: String, after base: String) -> Int? {
        let bytes = Array(key(name).utf8)
        let prefix = Array(key(base).utf8)
        guard bytes.starts(with: prefix) else { return nil }
        let digits = bytes.dropFirst(prefix.count)
        guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        guard !digits.isEmpty else { return 0 }
        return Int(String(decoding: digits, as: UTF8.self)) ?? Int.max
    }

    private func fits(_ found: SQLCatalogue.Column, _ type: SQLColumnType) -> Bool {
        dialect.typeClass(ofDeclaredType: found.declaredType)
            == dialect.typeClass(ofDeclaredType: dialect.columnType(type, convention: .coreData))
    }

    private func key(_ name: String) -> String { dialect.identifierKey(name) }
}
