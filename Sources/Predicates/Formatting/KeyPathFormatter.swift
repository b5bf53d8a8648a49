/// Printing of key paths: `a.b.@count`, `#size`.
extension PredicateFormatter {
    /// Writes key path components joined by `.`.
    ///
    /// A key that is a reserved word (in any letter case) is escaped with `#` so it reads back
    /// as a key: the key `size` prints `#size`, `self` prints `#self`. Collection operators
    /// print with their `@`: `@count`, `@distinctUnionOfObjects`.
    ///
    /// Keys built in code that are not identifiers (`first name`, `1st`) are printed as they
    /// are and do not read back; the parser never produces them.
    mutating func write(_ components: [KeyPathComponent]) {
        for (position, component) in components.enumerated() {
            if position > 0 { output += "." }
            write(component)
        }
    }

    /// Writes one component: `name`, `#size`, `@count`.
    mutating func write(_ component: KeyPathComponent) {
        switch component {
        case .key(let key):
            if Operators.isReserved(key) { output += "#" }
            output += key
        case .collectionOperator(let op):
            output += op.spelling
        }
    }
}
