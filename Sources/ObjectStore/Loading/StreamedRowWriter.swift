import Evaluation
import KeyPaths
import Predicates

/// Writes the rows of a graph file into a database while ``GraphFileReader`` reads it, keeping
/// only each hierarchy's ids (for the duplicate check) and the ids the objects name (checked
/// after the last object): what `db create` does for a file in which every object states only
/// what its own row holds (``ObjectGraph/writeStreamed(json:schema:mapping:into:consumed:)``).
///
/// It handles attributes and the to-one relationships whose foreign key is in the object's own
/// table and whose inverse, if any, is an unordered to-many one stored through that key (no
/// row but the object's own changes when it is stated). It declines — the reader stops, and
/// the caller rolls back and builds the whole graph instead — anything else: a to-many
/// relationship (either side stated, an ordered list, a many-to-many link), a to-one
/// relationship with a to-one inverse (self-inverse ones included) or an ordered inverse, a
/// string id (the mapping's keys are integers), a value the database cannot keep, any problem
/// of the file. So when it succeeds, the rows are the ones the whole graph would give.
struct StreamedRowWriter: GraphFileSink {
    let layout: GraphLayout
    let mapping: SQLMapping
    let storesNaN: Bool
    let database: any SQLDatabase
    /// The objects written.
    private(set) var count = 0
    /// The error of the database that stopped the writing, if one did.
    private(set) var failure: (any Error)?
    private var plans: [StreamedEntityPlan?]
    private var members: [[Int]]
    private var keys: [[String: BulkKey]]
    /// The to-one relationships resolved so far: the row's column, the destination entity.
    private var relationships: [(column: Int, destination: Int)] = []
    /// Per hierarchy, each id written with its entity.
    private var ids: [[Int: Int32]]
    /// Per destination entity, the ids objects name.
    private var references: [[Int]]
    /// The object being read: its row and which of its columns are given.
    /// The list being read: its entity's empty row, column types and key column, kept apart
    /// from its plan so that no object copies the plan.
    private var template: [SQLValue] = []
    private var columnTypes: [SQLColumnType] = []
    private var keyColumn = 0
    private var row: [SQLValue] = []
    private var given: [Bool] = []
    private var write: SQLRowWriter?

    init(layout: GraphLayout, mapping: SQLMapping, database: any SQLDatabase) {
        self.layout = layout
        self.mapping = mapping
        self.database = database
        storesNaN = database.dialect.storesNaN
        plans = Array(repeating: nil, count: layout.names.count)
        var members = [[Int]](repeating: [], count: layout.hierarchies.count)
        for (entity, hierarchy) in layout.hierarchyOf.enumerated() { members[hierarchy].append(entity) }
        self.members = members
        keys = Array(repeating: [:], count: layout.names.count)
        ids = Array(repeating: [:], count: layout.hierarchies.count)
        references = Array(repeating: [], count: layout.names.count)
    }

    func insertableEntity(named name: String) -> Int? {
        guard let number = layout.numbers[name], !layout.abstract[number] else { return nil }
        return number
    }

    mutating func readList(_ name: String, entity: Int, _ objects: (inout Self, _ list: Int) -> Bool) -> Bool {
        if plans[entity] == nil { plans[entity] = StreamedEntityPlan(entity, layout: layout, mapping: mapping) }
        guard let plan = plans[entity] else { return false }
        template = plan.template
        columnTypes = plan.columns.map(\.type)
        keyColumn = plan.keyColumn
        row = plan.template
        given = Array(repeating: false, count: row.count)
        let database = self.database
        var read = false
        do {
            try database.insertRows(into: plan.table, columns: plan.columns.map(\.name)) { write in
                withoutActuallyEscaping(write) { write in
                    self.write = write
                    defer { self.write = nil }
                    read = objects(&self, entity)
                }
                if !read { throw StreamedWriteDeclined() }
            }
        } catch {
            if failure == nil { failure = error }
            return false
        }
        return read
    }

    mutating func resolve(_ key: String, of entity: Int) -> BulkKey? {
        if let known = keys[entity][key] { return known }
        guard let plan = plans[entity], let found = lookUp(key, of: entity, plan) else { return nil }
        keys[entity][key] = found
        return found
    }

    private mutating func lookUp(_ key: String, of entity: Int, _ plan: StreamedEntityPlan) -> BulkKey? {
        switch layout.property(key, of: entity) {
        case nil:
            return nil
        case .attribute(let attribute):
            return plan.attributeColumns[key].map { .attribute(column: $0, attribute) }
        case .relationship:
            guard let column = plan.foreignKeyColumns[key],
                let made = BulkRelationship(key, of: entity, layout: layout, members: members),
                !made.relationship.isToMany,
                let (_, inverse) = layout.relationship(key, of: entity),
                inverse.map({ $0.isToMany && !$0.isOrdered }) ?? true
            else { return nil }
            relationships.append((column, made.destinationEntity))
            return .relationship(relationships.count - 1)
        }
    }

    func isToMany(_ index: Int) -> Bool { false }

    mutating func addAttribute(_ value: PredicateValue, column: Int, _ attribute: AttributeDescription) -> Bool {
        guard case .success(let normalized) = AttributeValueCheck.normalize(value, for: attribute),
            !given[column]
        else { return false }
        if case .double(let number) = normalized, number.isNaN, !storesNaN { return false }
        guard
            let stored = try? ObjectGraph.storedValue(
                normalized, type: attribute.type, column: columnTypes[column], mapping: mapping)
        else { return false }
        given[column] = true
        row[column] = stored
        return true
    }

    mutating func addRelationship(_ value: PredicateValue, _ index: Int) -> Bool {
        switch value {
        case .null: return addTargets([], index)
        case .int(let int): return addTargets([.int(int)], index)
        default: return false
        }
    }

    mutating func addTargets(_ targets: [ObjectKey], _ index: Int) -> Bool {
        let (column, destination) = relationships[index]
        guard targets.count <= 1, !given[column] else { return false }
        given[column] = true
        guard let target = targets.first else { return true }
        guard case .int(let id) = target else { return false }
        row[column] = .integer(Int64(id))
        references[destination].append(id)
        return true
    }

    mutating func finishObject(_ key: ObjectKey, entity: Int, list: Int) -> Bool {
        guard case .int(let id) = key, let write,
            ids[layout.hierarchyOf[entity]].updateValue(Int32(entity), forKey: id) == nil
        else { return false }
        row[keyColumn] = .integer(Int64(id))
        do {
            try write(row)
        } catch {
            failure = error
            return false
        }
        count += 1
        // Back to the template in place: no new arrays per object.
        for column in row.indices {
            row[column] = template[column]
            given[column] = false
        }
        return true
    }

    /// Whether every id an object named is an object of the relationship's destination; the
    /// check the whole graph makes as it links them, made once every object is written.
    func referencesResolve() -> Bool {
        for (destination, named) in references.enumerated() where !named.isEmpty {
            let hierarchy = ids[layout.hierarchyOf[destination]]
            for id in named {
                guard let entity = hierarchy[id], layout.isKind(Int(entity), of: destination) else { return false }
            }
        }
        return true
    }
}
