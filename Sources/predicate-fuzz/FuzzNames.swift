import GraphTestSupport
import KeyPaths
import ObjectStore
import Predicates
import TestSupport

/// Hostile names for the database cases: a generated schema's entities and properties renamed,
/// and its objects with them.
///
/// ``harmless`` names are ones a database holds as they are — quotes, spaces, SQL and predicate
/// reserved words, non-ASCII letters whose case SQLite does not fold, long names, names the
/// mapping must move aside (`id`, `entity`, `rowid`) — so a schema using only them must be
/// created. ``refusable`` ones are those `db create` documents it refuses in SQLite (Docs/
/// sql-mapping.md, "`db create`: all or nothing"): a table named `sqlite_…` or like the
/// engine's metadata table, a NUL character, two names that differ in ASCII case only; a case
/// using one may be created or refused, never anything else.
enum FuzzNames {
    static let harmless = [
        "it's", "say \"hi\"", "with space", " ", "tab\there", "Zoë", "日本語", "ΣΑΣ", "σας", "Über", "über", "ǅ", "İ",
        "ß", "e\u{301}", "🎉", "SELECT", "order", "group", "table", "AND", "OR", "NOT", "size", "FIRST", "LAST",
        "SELF", "nil", "null", "true", "YES", "ANY", "SUBQUERY", "--comment", "a;b", "[x]", "`tick`", "$var", "%K",
        "*", "back\\slash", "0", "-1", "1e3", "id", "entity", "rowid", "oid", "Kelvin\u{212A}",
        String(repeating: "long", count: 15), String(repeating: "é", count: 40), String(repeating: "n", count: 300),
    ]

    /// Names `db create` may refuse, each with what makes it so (one is enough to make a
    /// schema refusable); `clash` takes a name already used and changes its ASCII case.
    static let refusable = ["sqlite_x", "SQLITE_master", "pe_metadata", "PE_METADATA", "nul\u{0}name", "clash"]

    /// A renaming of `schema`'s entities and properties; `hostility` is the percentage of
    /// names taken from the pools; with `refusing`, one name is a ``refusable`` one. No two
    /// names are one to the database: SQLite folds ASCII case; Core Data's convention
    /// (`coreData`) upper-cases every name (`Z` + `NAME`), so `über` and `Über` are one there.
    struct Renaming {
        var entities: [String: String] = [:]
        /// Per entity (original name), its own properties' new names.
        var properties: [String: [String: String]] = [:]
        var refused: String?
    }

    static func renaming(
        _ schema: Schema, hostility: UInt64, refusing: Bool, coreData: Bool, random: inout SplitMix64
    ) -> Renaming {
        var renaming = Renaming()
        func fold(_ name: String) -> String { coreData ? name.uppercased() : asciiFolded(name) }
        var folded: Set<String> = []
        var pool = harmless.shuffled(using: &random)
        func fresh(_ original: String, relationship: Bool = false) -> String {
            guard random.chance(hostility, in: 100) else { return claim(original) }
            while let name = pool.popLast() {
                // A graph file cannot name a relationship `id` (the object's own id there).
                if relationship, name == "id" { continue }
                if !folded.contains(fold(name)) { return claim(name) }
            }
            return claim(original)
        }
        func claim(_ name: String) -> String {
            folded.insert(fold(name))
            return name
        }
        // Names are unique in the whole schema, so that no derived name (a join table
        // `<Entity>_<relationship>`, a column `<relationship>_id`) meets another by chance.
        for entity in schema.entities { renaming.entities[entity.name] = fresh(entity.name) }
        for entity in schema.entities {
            for property in entity.properties {
                renaming.properties[entity.name, default: [:]][property.name] = fresh(
                    property.name, relationship: property.relationship != nil)
            }
        }
        guard refusing else { return renaming }
        let kind = random.pick(refusable)
        if kind == "clash" {
            // Two entities, or two properties of one entity, whose names differ in ASCII case.
            let names = schema.entities.map(\.name)
            if names.count >= 2, let original = renaming.entities[names[1]] {
                renaming.entities[names[0]] = caseFlipped(original)
                renaming.refused = "entities \(names[0]) and \(names[1]) named alike"
                return renaming
            }
        }
        if let first = schema.entities.first {
            renaming.entities[first.name] = kind == "clash" ? "sqlite_clash" : kind
            renaming.refused = "the entity \(first.name) renamed \(kind)"
        }
        return renaming
    }

    /// SQLite's folding of identifiers: ASCII letters only.
    static func asciiFolded(_ name: String) -> String {
        String(decoding: name.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// `name` with its ASCII letters' case swapped (`"a1"` → `"A1"`); a name without ASCII
    /// letters gets one (`"日本"` → `"日本X"`, beside which the other becomes `"日本x"`).
    static func caseFlipped(_ name: String) -> String {
        let bytes = name.utf8.map { byte -> UInt8 in
            switch byte {
            case 0x41...0x5A: byte + 0x20
            case 0x61...0x7A: byte - 0x20
            default: byte
            }
        }
        let flipped = String(decoding: bytes, as: UTF8.self)
        return flipped == name ? name + "X" : flipped
    }
}

extension FuzzNames.Renaming {
    /// `schema` under the new names.
    func apply(to schema: Schema) -> Schema {
        Schema(
            entities: schema.entities.map { entity in
                var renamed = entity
                renamed.name = entities[entity.name] ?? entity.name
                renamed.parent = entity.parent.map { entities[$0] ?? $0 }
                renamed.attributes = entity.attributes.map { attribute in
                    var attribute = attribute
                    attribute.name = property(attribute.name, declaredIn: entity.name, schema: schema)
                    return attribute
                }
                renamed.relationships = entity.relationships.map { relationship in
                    var relationship = relationship
                    relationship.name = property(relationship.name, declaredIn: entity.name, schema: schema)
                    relationship.inverse = relationship.inverse.map {
                        property($0, declaredIn: relationship.destination, schema: schema)
                    }
                    relationship.destination = entities[relationship.destination] ?? relationship.destination
                    return relationship
                }
                return renamed
            })
    }

    /// The objects of `schema` under the new names.
    func apply(to objects: [String: [InsertedObject]], schema: Schema) -> [String: [InsertedObject]] {
        var renamed: [String: [InsertedObject]] = [:]
        for (entity, list) in objects {
            renamed[entities[entity] ?? entity] = list.map { object in
                var values: [String: PredicateValue] = [:]
                for (key, value) in object.values {
                    let name = property(key, declaredIn: entity, schema: schema)
                    // The graph file's `id` is the object's: an attribute of that name has no value there.
                    if name != "id" { values[name] = value }
                }
                return InsertedObject(id: object.id, values: values)
            }
        }
        return renamed
    }

    /// The new name of the property `name` of `entity` (declared there or by an ancestor).
    func property(_ name: String, declaredIn entity: String, schema: Schema) -> String {
        let declaring = schema.declaringEntity(ofProperty: name, in: entity) ?? entity
        return properties[declaring]?[name] ?? name
    }
}
