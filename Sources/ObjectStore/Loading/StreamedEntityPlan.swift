import Evaluation
import KeyPaths
import Predicates

/// How ``StreamedRowWriter`` makes the row of an object of one entity: the table and its
/// columns, the row of an object that states nothing (its entity number and version filled in,
/// every other column `NULL`), where the key goes, and which column each attribute and to-one
/// relationship of the entity fills. `nil` for an entity without a table.
struct StreamedEntityPlan {
    let table: String
    let columns: [SQLColumn]
    let template: [SQLValue]
    let keyColumn: Int
    /// The column of each attribute of the entity, by name.
    let attributeColumns: [String: Int]
    /// The foreign-key column of each to-one relationship of the entity, by name.
    let foreignKeyColumns: [String: Int]

    init?(_ entity: Int, layout: GraphLayout, mapping: SQLMapping) {
        let name = layout.names[entity]
        guard let table = mapping.table(of: name), table.keyType == .integer else { return nil }
        var template: [SQLValue] = []
        var keyColumn: Int?
        var attributes: [String: Int] = [:]
        var foreignKeys: [String: Int] = [:]
        let isKind = { (declaring: String) in layout.numbers[declaring].map { layout.isKind(entity, of: $0) } ?? false }
        for (index, column) in table.columns.enumerated() {
            switch column.role {
            case .key:
                keyColumn = index
                template.append(.null)
            case .entity:
                template.append(mapping.entityValue(of: name) ?? .null)
            case .version:
                template.append(.integer(1))
            case .attribute(let declaring, let attribute):
                if isKind(declaring) { attributes[attribute] = index }
                template.append(.null)
            case .foreignKey(let declaring, let relationship):
                if isKind(declaring) { foreignKeys[relationship] = index }
                template.append(.null)
            case .order:
                template.append(.null)
            }
        }
        guard let keyColumn else { return nil }
        self.table = table.name
        self.columns = table.columns
        self.template = template
        self.keyColumn = keyColumn
        attributeColumns = attributes
        foreignKeyColumns = foreignKeys
    }
}
