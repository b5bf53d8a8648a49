import Foundation
import KeyPaths
import Predicates

/// A mapping is what the lowering reads: tables, columns, relationship storage and the
/// storage form of dates and UUIDs.
extension SQLMapping: SQLStorageLayout {
    /// The hierarchy table of `entity`, with the discriminator values selecting the entity and
    /// its concrete sub-entities when the table has an entity column.
    ///
    /// `table(for: "ImageContent")` under the standard convention is the table `Content`
    /// selecting `entity IN ('ImageContent', …)`.
    public func table(for entity: String) -> SQLTableLayout? {
        guard let table = table(of: entity) else { return nil }
        let discriminator = table.entityColumn.map { column in
            SQLDiscriminator(column: column, values: entityValues(selecting: entity))
        }
        // A table every row of which belongs to `entity` needs no filter.
        let selectsAll = discriminator.map { Set($0.values) == Set(entityValues(selecting: table.rootEntity)) } ?? true
        return SQLTableLayout(
            name: table.name, primaryKey: table.keyColumn, discriminator: selectsAll ? nil : discriminator)
    }

    /// The column of a stored attribute; `nil` for a transient one.
    public func column(forAttribute name: String, of entity: String) -> String? {
        guard case .column(_, let column, _) = storage(of: name, in: entity) else { return nil }
        return column
    }

    /// How a relationship is stored, seen from `entity`.
    public func storage(ofRelationship name: String, of entity: String) -> SQLRelationshipStorage? {
        switch storage(of: name, in: entity) {
        case .foreignKey(_, let column)?: .foreignKey(column: column)
        case .inverseForeignKey(_, let column, let orderColumn)?:
            .inverseForeignKey(column: column, orderColumn: orderColumn)
        case .joinTable(let table, let source, let destination, let orderColumn)?:
            .joinTable(table: table, sourceColumn: source, destinationColumn: destination, orderColumn: orderColumn)
        case .column?, .notStored?, nil: nil
        }
    }

    /// Keys as the store writes them, by the key type of `entity`'s hierarchy
    /// (``SQLKeyType/storedKey(_:)``): `nil` for a key the hierarchy cannot hold (a string under
    /// integer keys, a canonical integer text under mixed keys), which no stored object has, so
    /// the comparison is false, as in memory.
    public func bound(key: ObjectKey, of entity: String) -> SQLValue? {
        keyType(ofHierarchyOf: entity).storedKey(key.predicateValue)
    }

    /// Dates as seconds since 2001-01-01 00:00:00 UTC (both conventions; Core Data's own
    /// unit); UUIDs as their uppercase text under the standard convention and as their 16
    /// bytes under Core Data's.
    public func bound(_ value: EvaluationValue, as type: AttributeType) -> SQLValue? {
        switch value {
        case .date(let date): return .double(date.timeIntervalSinceReferenceDate)
        case .uuid(let uuid):
            switch convention {
            case .standard: return .text(uuid.uuidString)
            case .coreData:
                return withUnsafeBytes(of: uuid.uuid) { .blob(Array($0)) }
            }
        default: return nil
        }
    }
}
