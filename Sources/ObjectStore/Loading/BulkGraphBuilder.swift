import Evaluation
import KeyPaths
import Predicates

/// Builds the tables of a new graph from the objects of a graph file in time linear in the
/// objects and values (sorting the unordered to-many lists aside), without the change-set
/// machinery: each object gets its row as it is read, attribute values are checked and
/// written into their columns at once, and relationships are kept as statements until every
/// object has a row; then ``finish()`` resolves them, fills the inverse sides and checks that
/// both sides agree.
///
/// The builder answers only for graph files that load without a problem, and for those it
/// builds exactly the graph that inserting every object as one change set builds (the same
/// stored order of ordered to-many relationships included). At the first sign of a problem
/// — an unknown entity or key, a value of the wrong type, a dangling or contradicting
/// reference, an id used twice — it gives up (`false` or `nil`) and the caller loads through
/// ``ObjectGraph/apply(_:)``'s path, which finds and words every problem. It also gives up
/// on schemas whose inverse relationships are not usable from both sides alike (see
/// ``BulkRelationship``), where that path's order of work shows.
///
/// Why the result is the same: when no problem is found, no change the change-set path makes
/// ever replaces a to-one destination (that would be two destinations for one to-one side,
/// which ``finish()`` refuses), so every relationship ends up as the union of what both
/// sides state, each to-many list in the order its members were first added.
struct BulkGraphBuilder {
    let layout: GraphLayout
    /// The tables being filled.
    var tables: [HierarchyTable]
    /// Each (entity number, key) resolved once.
    private var keys: [[String: BulkKey]]
    /// The relationships named so far, by (entity, key).
    var relationships: [BulkRelationship] = []
    /// The relationship statements of each entity list, kept in the order they are connected.
    var batches: [(name: String, statements: BulkStatements)] = []
    /// The object being read.
    private var attributes: [(column: Int, value: PredicateValue)] = []
    private var statements: [(relationship: Int, targets: [ObjectKey])] = []
    private var entityMembers: [[Int]]

    init(layout: GraphLayout, tables: [HierarchyTable]) {
        self.layout = layout
        self.tables = tables
        keys = Array(repeating: [:], count: layout.names.count)
        var members = [[Int]](repeating: [], count: layout.hierarchies.count)
        for (entity, hierarchy) in layout.hierarchyOf.enumerated() { members[hierarchy].append(entity) }
        entityMembers = members
    }

    // MARK: Entities and keys

    /// The number of a concrete entity that can hold objects; `nil` for an unknown or abstract one.
    func insertableEntity(named name: String) -> Int? {
        guard let number = layout.numbers[name], !layout.abstract[number] else { return nil }
        return number
    }

    /// Starts the statements of the list of entity `name`; returns its index for
    /// ``finishObject(_:entity:list:)`` (``GraphFileReader`` starts it through
    /// ``readList(_:entity:_:)``).
    mutating func beginList(_ name: String) -> Int {
        batches.append((name, BulkStatements()))
        return batches.count - 1
    }

    /// Room for `count` more objects of `entity`.
    mutating func reserve(_ count: Int, entity: Int) {
        tables[layout.hierarchyOf[entity]].reserve(count)
    }

    /// What `key` names on `entity`: an attribute and its column, or a relationship; `nil`
    /// for an unknown key or a relationship the builder does not handle.
    mutating func resolve(_ key: String, of entity: Int) -> BulkKey? {
        if let known = keys[entity][key] { return known }
        guard let found = lookUp(key, of: entity) else { return nil }
        keys[entity][key] = found
        return found
    }

    private mutating func lookUp(_ key: String, of entity: Int) -> BulkKey? {
        let hierarchy = layout.hierarchyOf[entity]
        switch layout.property(key, of: entity) {
        case nil:
            return nil
        case .attribute(let attribute):
            return layout.attributeColumns[hierarchy][key].map { .attribute(column: $0, attribute) }
        case .relationship:
            guard let made = BulkRelationship(key, of: entity, layout: layout, members: entityMembers) else {
                return nil
            }
            relationships.append(made)
            return .relationship(relationships.count - 1)
        }
    }

    // MARK: Objects

    /// Adds one value of the object being read, resolving its key; `false` when the key or
    /// the value is refused.
    mutating func add(_ key: String, _ value: PredicateValue, entity: Int) -> Bool {
        switch resolve(key, of: entity) {
        case nil: return false
        case .attribute(let column, let attribute): return addAttribute(value, column: column, attribute)
        case .relationship(let index): return addRelationship(value, index)
        }
    }

    /// Adds an attribute value of the object being read, checked and normalized as the
    /// change-set path does; `false` when it does not fit the attribute or the attribute was
    /// given already.
    mutating func addAttribute(_ value: PredicateValue, column: Int, _ attribute: AttributeDescription) -> Bool {
        guard case .success(let normalized) = AttributeValueCheck.normalize(value, for: attribute),
            !attributes.contains(where: { $0.column == column })
        else { return false }
        attributes.append((column, normalized))
        return true
    }

    /// Adds a relationship value as written in a graph file: an id or `null` for a to-one
    /// relationship, a list of ids (or `null`, or a set) for a to-many one.
    mutating func addRelationship(_ value: PredicateValue, _ index: Int) -> Bool {
        if relationships[index].relationship.isToMany {
            let elements: [PredicateValue]
            switch value {
            case .null: elements = []
            case .array(let list): elements = list
            case .set(let set): elements = ObjectKey.inKeyOrder(set)
            default: return false
            }
            var targets: [ObjectKey] = []
            targets.reserveCapacity(elements.count)
            for element in elements {
                guard let target = ObjectKey(element) else { return false }
                targets.append(target)
            }
            return addTargets(targets, index)
        }
        switch value {
        case .null: return addTargets([], index)
        case .int, .string: return ObjectKey(value).map { addTargets([$0], index) } ?? false
        default: return false
        }
    }

    /// Adds the destinations a relationship of the object being read states (none: `null`
    /// or an empty list; a to-one relationship at most one, and never as a list, which the
    /// caller checks); `false` when the relationship was given already, a to-one
    /// relationship is given several, or an ordered one names a destination twice.
    mutating func addTargets(_ targets: [ObjectKey], _ index: Int) -> Bool {
        let relationship = relationships[index].relationship
        guard relationship.isToMany || targets.count <= 1,
            !statements.contains(where: { $0.relationship == index }),
            !relationship.isOrdered || targets.count < 2 || Set(targets).count == targets.count
        else { return false }
        statements.append((index, targets))
        return true
    }

    /// Ends the object being read: gives it a row (a key taken twice in a hierarchy is found
    /// by ``finish()``), writes its attributes and files its relationship statements in the
    /// order the change-set path connects them (to-one keys by name, then to-many keys by
    /// name).
    @discardableResult
    mutating func finishObject(_ key: ObjectKey, entity: Int, list: Int) -> Bool {
        defer {
            attributes.removeAll(keepingCapacity: true)
            statements.removeAll(keepingCapacity: true)
        }
        let hierarchy = layout.hierarchyOf[entity]
        let row = tables[hierarchy].appendUnindexed(key, entity: entity)
        for (column, value) in attributes { tables[hierarchy].attributes[column][Int(row)] = value }
        if statements.count > 1 {
            statements.sort { relationships[$0.relationship].rank < relationships[$1.relationship].rank }
        }
        for (index, targets) in statements { batches[list].statements.append(index, row: row, targets: targets) }
        return true
    }
}

/// What a key of an object names, for ``BulkGraphBuilder``.
enum BulkKey {
    /// An attribute and its column in the hierarchy's table.
    case attribute(column: Int, AttributeDescription)
    /// A relationship, by its index in ``BulkGraphBuilder/relationships``.
    case relationship(Int)
}

/// The relationship statements of one entity list of a graph file, in reading order: for
/// each, the relationship, the source row and the destination ids (flattened).
struct BulkStatements {
    var relationships: [Int32] = []
    var rows: [Int32] = []
    /// The end of each statement's ids in ``targets``.
    var ends: [Int] = []
    var targets: [ObjectKey] = []

    var count: Int { rows.count }

    mutating func append(_ relationship: Int, row: Int32, targets more: [ObjectKey]) {
        relationships.append(Int32(relationship))
        rows.append(row)
        targets.append(contentsOf: more)
        ends.append(targets.count)
    }

    /// The ids of statement `index`.
    func targets(of index: Int) -> ArraySlice<ObjectKey> {
        targets[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
    }
}
