import Evaluation
import Predicates

/// Object ids in a database: how each hierarchy's keys are stored so that they come back with
/// their JSON type (``SQLKeyType``), and the refusals of what cannot come back.
extension ObjectGraph {
    /// The key type each hierarchy's ids need, by root entity: ``SQLKeyType/integer`` when
    /// they are all integers (or there are none), ``SQLKeyType/text`` when they are all
    /// strings, ``SQLKeyType/mixed`` for both. `db create` builds its standard mapping with them.
    public func sqlKeyTypes() -> [String: SQLKeyType] {
        var types: [String: SQLKeyType] = [:]
        for (index, root) in layout.hierarchies.enumerated() {
            var integers = false
            var strings = false
            for key in storage.tables[index].rows.keys {
                switch key {
                case .int: integers = true
                case .string: strings = true
                }
                if integers, strings { break }
            }
            types[layout.names[root]] = SQLKeyType(hasIntegerIDs: integers, hasStringIDs: strings)
        }
        return types
    }

    /// Throws for the first object whose id `mapping` cannot store so that it reads back as
    /// the same id: a string id under integer keys (Core Data's `Z_PK`, or a hierarchy
    /// mapped with integer keys), or, in a hierarchy with integer and string ids, a string id
    /// that is the text of an integer (`"7"` would come back as `7`). `db create` calls it before
    /// it touches the database (``write(into:mapping:)`` calls it again).
    public func checkSQLKeys(_ mapping: SQLMapping) throws(GraphError) {
        for table in mapping.entityTables where table.keyType != .text {
            for object in objects(of: table.rootEntity) where table.keyType.storedKey(object.id.predicateValue) == nil {
                throw Self.unstorableKey(object.id, entity: entity(of: object) ?? table.rootEntity, mapping: mapping)
            }
        }
    }

    /// The stored form of `id`, an object of the hierarchy of `entity`; throws when the
    /// hierarchy's key type cannot keep it (``checkSQLKeys(_:)`` names such an object first).
    func storedSQLKey(_ id: ObjectKey, entity: String, mapping: SQLMapping) throws(GraphError) -> SQLValue {
        guard let stored = mapping.keyType(ofHierarchyOf: entity).storedKey(id.predicateValue) else {
            throw Self.unstorableKey(id, entity: entity, mapping: mapping)
        }
        return stored
    }

    private static func unstorableKey(_ id: ObjectKey, entity: String, mapping: SQLMapping) -> GraphError {
        let root = mapping.table(of: entity)?.rootEntity ?? entity
        switch (mapping.convention, mapping.keyType(ofHierarchyOf: entity), id) {
        case (.coreData, _, .string):
            return GraphError(
                .invalidValue, entity: entity, id: id,
                message: "the id is a string, but Core Data's keys (Z_PK) are integers; give the object an integer id")
        case (_, .mixed, .string(let text)):
            return GraphError(
                .invalidValue, entity: entity, id: id,
                message: "the string id \"\(text)\" is the text of the integer \(text), and the hierarchy of "
                    + "'\(root)' has integer and string ids, which its text keys tell apart by that text; give the "
                    + "object another id")
        default:
            return GraphError(
                .invalidValue, entity: entity, id: id,
                message:
                    "the mapping stores the keys of '\(root)' as \(mapping.keyType(ofHierarchyOf: entity).rawValue) "
                    + "keys, which cannot hold this id")
        }
    }
}

extension ObjectKey {
    /// The id a stored key of `type` reads back as; `nil` for `NULL` or a value that is no key.
    init?(stored value: SQLValue, as type: SQLKeyType) {
        guard let id = type.id(fromStored: value).flatMap(ObjectKey.init) else { return nil }
        self = id
    }

    /// The other id a database with text keys stores under the same text (`"7"` for `7`,
    /// `7` for `"7"`), or `nil` when there is none (`"07"`, `"a1"`). The graph loaders refuse
    /// an id and its twin in one hierarchy.
    var textTwin: ObjectKey? {
        switch self {
        case .int(let int): .string(String(int))
        case .string(let text): SQLKeyType.canonicalInteger(text).map { .int($0) }
        }
    }
}
