import Evaluation
import Predicates

/// One problem with an object graph file, a change set, or a read from a graph, naming the
/// entity, the object's ID and the key concerned.
///
/// | problem | description |
/// |---|---|
/// | unknown destination | `Content 7, 'bucket': no Bucket with id 99` |
/// | wrong value type | `Content 7, 'size': expected an integer64 value, got "big"` |
/// | to-one given a list | `Content 7, 'bucket': a to-one relationship takes one id or null, got [1, 2]` |
/// | unknown key | `Content 7: 'Content' has no property 'nmae'; did you mean 'name'?` |
/// | delete refused | `User 1, 'buckets': cannot delete User 1 while 'buckets' (delete rule Deny) holds Bucket 3` |
public struct GraphError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The text is not the expected JSON shape.
        case malformedDocument
        /// The file could not be read.
        case unreadableFile
        /// No entity of that name in the schema.
        case unknownEntity
        /// Objects cannot be created for an abstract entity.
        case abstractEntity
        /// No object with that ID (or not of the expected entity).
        case unknownObject
        /// An ID is used twice, or an object is listed twice in one change set.
        case duplicateObject
        /// The entity has no property of that name.
        case unknownKey
        /// A value does not fit the attribute's type, or a relationship is given the wrong shape.
        case invalidValue
        /// A change's old value is not the graph's current value (the change set is stale).
        case staleChange
        /// Two parts of a change set contradict each other once inverses are maintained, or
        /// once the delete rules have deleted what a Cascade rule reaches.
        case conflict
        /// A Deny delete rule refuses a deletion: the relationship still holds an object that
        /// the change set does not delete.
        case deleteDenied
    }

    /// What went wrong.
    public var kind: Kind
    /// The entity concerned, as written in the file.
    public var entity: String?
    /// The object's key, when one is concerned.
    public var id: ObjectKey?
    /// The key concerned.
    public var key: String?
    /// The explanation, without the location prefix.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, entity: String? = nil, id: ObjectKey? = nil, key: String? = nil, message: String) {
        self.kind = kind
        self.entity = entity
        self.id = id
        self.key = key
        self.message = message
    }

    /// `Entity id, 'key': message`, leaving out what is unknown.
    public var description: String {
        var location = ""
        switch (entity, id) {
        case (let entity?, let id?): location = "\(entity) \(id)"
        case (let entity?, nil): location = "'\(entity)'"
        case (nil, let id?): location = "object \(id)"
        case (nil, nil): break
        }
        if let key { location += location.isEmpty ? "'\(key)'" : ", '\(key)'" }
        return location.isEmpty ? message : "\(location): \(message)"
    }
}

/// Every problem found in a graph file or a change set, thrown together. A change set that
/// throws changes nothing.
public struct GraphErrors: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in the order found. Never empty when thrown.
    public var errors: [GraphError]

    /// Wraps a list of problems.
    public init(_ errors: [GraphError]) {
        self.errors = errors
    }

    /// One problem per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
