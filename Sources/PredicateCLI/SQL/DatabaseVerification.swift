import Evaluation
import KeyPaths
import ObjectStore
import Predicates

extension SQLDatabase {
    /// The mapping `name` (`default` or `coredata`) of `schema` for this database, checked
    /// against the database before any query (``SQLMapping/verified(_:convention:database:dialect:)``):
    /// its tables, columns and their types, the schema its metadata records, Core Data's entity
    /// numbers. A mismatch fails with status 2 and one line naming the first difference; a
    /// catalogue that cannot be read, with status 1.
    func verifiedMapping(_ name: String, schema: Schema) -> Result<SQLMapping, CommandFailure> {
        let convention: SQLNamingConvention = name == "coredata" ? .coreData : .standard
        let description: SQLDatabaseDescription
        do {
            description = try SQLDatabaseDescription.read(from: self, convention: convention)
        } catch {
            return .failure(CommandFailure(status: ExitStatus.failure, message: "cannot read the database: \(error)"))
        }
        do {
            return .success(
                try SQLMapping.verified(schema, convention: convention, database: description, dialect: dialect))
        } catch {
            return .failure(CommandFailure(status: ExitStatus.invalidInput, message: "\(error)"))
        }
    }
}

extension SQLMapping {
    /// The id a key of `entity`'s hierarchy read from the database stands for, with its JSON
    /// type (a mixed hierarchy's `'7'` is `7`); `nil` for a value that is no key.
    func objectKey(_ value: SQLValue, of entity: String) -> ObjectKey? {
        keyType(ofHierarchyOf: entity).id(fromStored: value).flatMap(ObjectKey.init)
    }
}
