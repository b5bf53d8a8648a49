import KeyPaths
import Predicates

/// A relationship key of one entity as ``BulkGraphBuilder`` writes it: its column in the
/// source hierarchy's table, its destination, the column of its usable inverse in the
/// destination hierarchy's table, and its place in the order the change-set path connects an
/// object's relationships.
///
/// Made only when the inverse is usable from both sides alike: every entity an object of the
/// destination can be sees the inverse with this relationship as *its* usable inverse. The
/// change-set path looks the inverse up per statement, from the stating object's entity; with
/// a one-sided inverse, which side states a link would change the result, and the builder
/// leaves such schemas to that path.
struct BulkRelationship {
    var relationship: RelationshipDescription
    /// The hierarchy of the entity whose key it is.
    var sourceHierarchy: Int
    /// The column in the source hierarchy's to-one or to-many columns.
    var column: Int
    var destinationEntity: Int
    var destinationHierarchy: Int
    /// The usable inverse's column in the destination hierarchy's table and whether it is to-many.
    var inverse: (column: Int, isToMany: Bool)?
    /// Position among the entity's relationships, to-one ones first, each group by name.
    var rank: Int

    /// The largest hierarchy whose entities are checked for a two-sided inverse; beyond it
    /// the builder leaves the graph to the change-set path rather than spend quadratic time
    /// on deep schemas.
    static let largestCheckedHierarchy = 1_000

    init?(_ key: String, of entity: Int, layout: GraphLayout, members: [[Int]]) {
        guard let (relationship, inverse) = layout.relationship(key, of: entity),
            let destination = layout.numbers[relationship.destination]
        else { return nil }
        let hierarchy = layout.hierarchyOf[entity]
        let destinationHierarchy = layout.hierarchyOf[destination]
        let columns = relationship.isToMany ? layout.toManyColumns : layout.toOneColumns
        guard let column = columns[hierarchy][key] else { return nil }
        self.relationship = relationship
        self.sourceHierarchy = hierarchy
        self.column = column
        self.destinationEntity = destination
        self.destinationHierarchy = destinationHierarchy
        if let inverse {
            let inverseColumns = inverse.isToMany ? layout.toManyColumns : layout.toOneColumns
            guard let inverseColumn = inverseColumns[destinationHierarchy][inverse.name],
                members[destinationHierarchy].count <= Self.largestCheckedHierarchy
            else { return nil }
            for other in members[destinationHierarchy] where layout.isKind(other, of: destination) {
                guard let (back, backInverse) = layout.relationship(inverse.name, of: other),
                    back.isToMany == inverse.isToMany, back.destination == inverse.destination,
                    let backInverse, backInverse.name == key, backInverse.isToMany == relationship.isToMany
                else { return nil }
            }
            self.inverse = (inverseColumn, inverse.isToMany)
        } else {
            self.inverse = nil
        }
        let order = layout.properties(of: entity).compactMap(\.relationship).map { ($0.isToMany, $0.name) }
            .sorted { $0.0 == $1.0 ? $0.1 < $1.1 : !$0.0 }
        guard let rank = order.firstIndex(where: { $0.1 == key }) else { return nil }
        self.rank = rank
    }
}
