import KeyPaths

extension SQLMapping {
    /// The layout of the SQLite store that Core Data writes for `schema`
    /// (`Docs/sql-mapping.md`, "The Core Data convention", lists each rule and its source):
    ///
    /// - a table `Z<ROOT>` per inheritance hierarchy with `Z_PK` (key), `Z_ENT` (entity number)
    ///   and `Z_OPT` (version); `ZARTIST` for `Artist`;
    /// - a column `Z<NAME>` per stored attribute and per to-one relationship (`ZTITLE`,
    ///   `ZARTIST`); when entities of one hierarchy declare the same name, the first in entity
    ///   number order keeps `ZNAME` and the others get `ZNAME1`, `ZNAME2`, …;
    /// - an ordered to-many relationship stored by its to-one inverse keeps positions in
    ///   `Z_FOK_<INVERSE>` of the inverse's table;
    /// - a many-to-many pair shares `Z_<n><RELATIONSHIP>` with the columns
    ///   `Z_<n><INVERSE>` and `Z_<m><RELATIONSHIP>` (`n`, `m` the entity numbers of the two
    ///   declaring entities), and `Z_FOK_…` order columns for ordered sides; a join column
    ///   name is used once in the store, later uses getting `1`, `2`, …
    ///   (``CoreDataJoinColumnNames``), so a relationship that is its own inverse has
    ///   `Z_<n><RELATIONSHIP>` with `Z_<n><RELATIONSHIP>` and `Z_<n><RELATIONSHIP>1`, one row
    ///   per direction;
    /// - dates are seconds since 2001-01-01 UTC, Booleans 0/1, UUIDs 16-byte blobs.
    ///
    /// These are the names `db create` gives. A store that exists is read with its own names:
    /// ``verified(_:convention:database:dialect:)`` binds this mapping to its catalogue.
    ///
    /// `entityNumbers` are the store's `Z_PRIMARYKEY` numbers when reading a real store
    /// (every entity of the schema must have one); by default they are computed with
    /// ``coreDataEntityNumbers(_:)``. The JSON overrides (`table`, `column`, …) do not apply.
    /// A to-many relationship without an inverse is not stored (its layout is not known).
    public static func coreData(
        _ schema: Schema, entityNumbers: [String: Int]? = nil
    ) throws(SQLMappingErrors) -> SQLMapping {
        let numbers = entityNumbers ?? coreDataEntityNumbers(schema)
        let missing = schema.entityNames.filter { numbers[$0] == nil }
        if !missing.isEmpty {
            throw SQLMappingErrors(
                missing.map {
                    SQLMappingError(.invalidSchema, entity: $0, message: "the entity has no Core Data entity number")
                })
        }
        var builder = MappingBuilder(
            schema: schema, rules: CoreDataConvention(numbers: numbers), entityNumbers: numbers)
        return try builder.build()
    }

    /// The entity numbers (`Z_ENT`) Core Data gives a model's entities: 1, 2, … in a
    /// depth-first walk of the inheritance forest, root entities and the children of each
    /// entity in name order, each parent before its sub-entities.
    ///
    /// Learnt from real stores (Docs/sql-mapping.md): the Artsy Folio store numbers `Document`
    /// 4, its sub-entities `ArtistDocument` 5 and `ShowDocument` 6, then `Image` 7; macOS's
    /// AddressBook store numbers a sub-entity's children before its next sibling. A real
    /// store's `Z_PRIMARYKEY` table is authoritative.
    public static func coreDataEntityNumbers(_ schema: Schema) -> [String: Int] {
        var children: [String: [String]] = [:]
        var roots: [String] = []
        var seen: Set<String> = []
        for entity in schema.entities where seen.insert(entity.name).inserted {
            if let parent = entity.parent, schema.entity(named: parent) != nil,
                !schema.ancestors(of: parent).contains(entity.name)
            {
                children[parent, default: []].append(entity.name)
            } else {
                roots.append(entity.name)
            }
        }
        var numbers: [String: Int] = [:]
        var stack = roots.sorted(by: >)
        while let entity = stack.popLast() {
            guard numbers[entity] == nil else { continue }
            numbers[entity] = numbers.count + 1
            stack += (children[entity] ?? []).sorted(by: >)
        }
        return numbers
    }
}

/// The naming rules of ``SQLMapping/coreData(_:entityNumbers:)``.
struct CoreDataConvention: MappingConvention {
    let numbers: [String: Int]

    var convention: SQLNamingConvention { .coreData }
    var honoursOverrides: Bool { false }

    /// Core Data's keys (`Z_PK`) are integers.
    func keyType(root: String) -> SQLKeyType { .integer }

    func number(_ entity: String) -> Int { numbers[entity] ?? Int.max }

    /// Core Data's spelling of a property in a column name: upper-cased.
    func upper(_ name: String) -> String { name.uppercased() }

    func hierarchyOrder(_ entities: [String]) -> [String] {
        entities.sorted { number($0) < number($1) }
    }

    func tableName(root: String, override: String?) -> String { "Z" + upper(root) }

    func fixedColumns(entities: [String], keyType: SQLKeyType) -> [SQLColumn] {
        [
            SQLColumn(name: "Z_PK", type: .integer64, role: .key, isIndexed: false),
            SQLColumn(name: "Z_ENT", type: .integer64, role: .entity, isIndexed: false),
            SQLColumn(name: "Z_OPT", type: .integer64, role: .version, isIndexed: false),
        ]
    }

    func attributeColumn(_ attribute: AttributeDescription) -> String { "Z" + upper(attribute.name) }

    func foreignKeyColumn(_ relationship: RelationshipDescription) -> String { "Z" + upper(relationship.name) }

    func orderColumn(inverse: String) -> String { "Z_FOK_" + upper(inverse) }

    func disambiguate(_ clashing: [ColumnPlan.Request], taken: Set<String>) -> [String] {
        let ranked = clashing.enumerated().sorted {
            (number($0.element.owner), $0.offset) < (number($1.element.owner), $1.offset)
        }
        var names = Array(repeating: "", count: clashing.count)
        var used = taken
        var suffix = 0
        for (offset, request) in ranked {
            var name = suffix == 0 ? request.defaultName : request.defaultName + String(suffix)
            while used.contains(name) {
                suffix += 1
                name = request.defaultName + String(suffix)
            }
            suffix += 1
            used.insert(name)
            names[offset] = name
        }
        return names
    }

    /// The join table of a many-to-many pair (`Z_2COLLECTIONS` with `Z_2ARTWORKS`,
    /// `Z_3COLLECTIONS`): ``joinTableName(_:)``, the source column holds the keys of the owner's
    /// entity and is named after the inverse, the destination column the keys of the other
    /// side's entity, named after the owning relationship (``joinColumnBase(keysOf:named:)``).
    /// These are base names: ``finishJoinTables(_:)`` makes them unique across the store, so a
    /// relationship that is its own inverse (`T.peers`, `T` numbered 4) gets `Z_4PEERS` with
    /// `Z_4PEERS` and `Z_4PEERS1`.
    func joinTable(
        owner: RelationshipLayout.PropertyRef, _ ownerRelationship: RelationshipDescription,
        other: RelationshipLayout.PropertyRef?, _ otherRelationship: RelationshipDescription?,
        keys: (source: SQLKeyType, destination: SQLKeyType)
    ) -> SQLJoinTable? {
        guard let other, let otherRelationship else { return nil }
        let selfInverse = other == owner
        let source = joinColumnBase(keysOf: owner.entity, named: other.name)
        let destination = joinColumnBase(keysOf: other.entity, named: owner.name)
        return SQLJoinTable(
            name: joinTableName(owner), entity: owner.entity, relationship: owner.name,
            inverse: other.name, sourceColumn: source, destinationColumn: destination,
            destinationOrderColumn: ownerRelationship.isOrdered ? Self.orderColumn(of: destination) : nil,
            sourceOrderColumn: otherRelationship.isOrdered && !selfInverse ? Self.orderColumn(of: source) : nil,
            sourceKeyType: .integer, destinationKeyType: .integer, isSelfInverse: selfInverse)
    }

    /// `Z_<n><RELATIONSHIP>`: the join table a many-to-many pair gets when `relationship` (of
    /// the entity numbered n) owns it.
    func joinTableName(_ relationship: RelationshipLayout.PropertyRef) -> String {
        "Z_\(number(relationship.entity))" + upper(relationship.name)
    }

    /// `Z_<n><NAME>`: a join column holding the keys of `entity` (numbered n), named after
    /// the relationship `name` that points at them, before any numeric suffix.
    func joinColumnBase(keysOf entity: String, named name: String) -> String {
        "Z_\(number(entity))" + upper(name)
    }

    /// `Z_FOK_<n><NAME>`: the order column beside the join column `Z_<n><NAME>` (with its
    /// suffix), the position of that column's object in the other side's ordered list.
    static func orderColumn(of joinColumn: String) -> String {
        "Z_FOK_" + joinColumn.dropFirst(2)
    }

    func unstoredJoinReason(owner: RelationshipLayout.PropertyRef) -> String {
        "'\(owner.entity).\(owner.name)' is a to-many relationship without an inverse, whose Core Data layout is "
            + "not known to this engine"
    }

    func finishJoinTables(_ tables: [SQLJoinTable]) -> [SQLJoinTable] {
        CoreDataJoinColumnNames.unique(tables)
    }

    /// Core Data's column order, as in real stores: integer and Boolean attributes and foreign
    /// keys, then dates and floating-point numbers, decimals, text, bytes; within each group by
    /// entity number, and within an entity by name, its foreign keys after its integer
    /// attributes (macOS's AddressBook store: `ABCDContact`'s integers, then its foreign keys
    /// `ZCONTACTINDEX` … `ZNOTE`, then the next entity's integers).
    func columnOrder(_ requests: [ColumnPlan.Request]) -> [ColumnPlan.Request] {
        func group(_ request: ColumnPlan.Request) -> (Int, Int) {
            switch request.role {
            case .foreignKey, .order: return (0, 1)
            case .key, .entity, .version, .attribute: break
            }
            switch request.type {
            case .integer16, .integer32, .integer64, .boolean: return (0, 0)
            case .date, .double: return (2, 0)
            case .decimal: return (3, 0)
            case .text, .json: return (4, 0)
            case .uuid, .blob: return (5, 0)
            }
        }
        return requests.sorted {
            let (left, right) = (group($0), group($1))
            return (left.0, number($0.owner), left.1, $0.defaultName) < (
                right.0, number($1.owner), right.1, $1.defaultName
            )
        }
    }
}

extension SQLMapping {
    /// The entity numbers a Core Data store recorded in its `Z_PRIMARYKEY` table, by entity
    /// name; `nil` when the database has no such table or it does not name every entity of
    /// `schema` (then ``coreDataEntityNumbers(_:)`` computes them).
    public static func coreDataEntityNumbers(in database: some SQLDatabase, schema: Schema) throws -> [String: Int]? {
        guard try database.catalogue().columns(ofTable: "Z_PRIMARYKEY", dialect: database.dialect) != nil else {
            return nil
        }
        var numbers: [String: Int] = [:]
        for row in try database.rows(.columns(["Z_ENT", "Z_NAME"], from: "Z_PRIMARYKEY")) {
            guard row.count == 2, let number = row[0].integerValue, case .text(let name) = row[1] else { continue }
            numbers[name] = Int(number)
        }
        return schema.entityNames.allSatisfy { numbers[$0] != nil } ? numbers : nil
    }
}
