import KeyPaths

/// Compares a Core Data store's `Z_PRIMARYKEY` rows (`Z_ENT`, `Z_NAME`, `Z_SUPER`) with a
/// schema's inheritance: the store's numbers are authoritative for the mapping, so they must
/// describe the schema's entities.
///
/// - every entity of the schema has a row;
/// - each row's `Z_SUPER` is the number of the entity's parent in the schema (0 for a root);
/// - no row the schema lacks is a sub-entity of a schema entity (its objects would share the
///   table, and a fetch would leave them out without a word). Rows of unrelated entities
///   (Core Data's history tracking adds `CHANGE`, `TRANSACTION`, …) are ignored.
struct CoreDataEntityCheck {
    /// The store's numbers by entity name when they name every entity of the schema; `nil`
    /// otherwise (the mapping then computes them, and ``differences`` says why).
    private(set) var numbers: [String: Int]?
    /// What differs, in the schema's entity order.
    private(set) var differences: [String] = []

    init(schema: Schema, rows: [[SQLValue]]?) {
        guard let rows else {
            differences = ["it has no table \"Z_PRIMARYKEY\", which every Core Data store has"]
            return
        }
        var numberByName: [String: Int] = [:]
        var superByNumber: [Int: Int] = [:]
        var nameByNumber: [Int: String] = [:]
        for row in rows {
            guard row.count == 3, let number = row[0].integerValue.flatMap({ Int(exactly: $0) }),
                case .text(let name) = row[1]
            else { continue }
            numberByName[name] = number
            nameByNumber[number] = name
            superByNumber[number] = row[2].integerValue.flatMap { Int(exactly: $0) } ?? 0
        }
        func describe(_ number: Int) -> String {
            nameByNumber[number].map { "entity \(number) ('\($0)')" } ?? "entity \(number)"
        }
        for entity in schema.entities {
            guard let number = numberByName[entity.name] else {
                differences.append("\"Z_PRIMARYKEY\" has no entity '\(entity.name)'")
                continue
            }
            let stored = superByNumber[number] ?? 0
            let expected = entity.parent.flatMap { numberByName[$0] } ?? 0
            guard stored != expected else { continue }
            let schemaSide = entity.parent.map { "a sub-entity of '\($0)'" } ?? "a root entity"
            let storeSide = stored == 0 ? "no parent" : "the parent \(describe(stored))"
            differences.append(
                "'\(entity.name)' is \(schemaSide) in the schema, but \"Z_PRIMARYKEY\" gives it \(storeSide)")
        }
        let known = Set(schema.entityNames.compactMap { numberByName[$0] })
        for (name, number) in numberByName.sorted(by: { $0.value < $1.value }) where !known.contains(number) {
            var ancestor = superByNumber[number] ?? 0
            var steps = 0
            while ancestor != 0, !known.contains(ancestor), steps <= superByNumber.count {
                ancestor = superByNumber[ancestor] ?? 0
                steps += 1
            }
            guard known.contains(ancestor) else { continue }
            differences.append(
                "\"Z_PRIMARYKEY\" has the entity '\(name)' (\(number)), a sub-entity of \(describe(ancestor)), "
                    + "which the schema lacks; its objects would be left out")
        }
        if schema.entityNames.allSatisfy({ numberByName[$0] != nil }) { numbers = numberByName }
    }
}
