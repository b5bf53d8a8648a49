/// A relationship of an entity: a reference to one object (to-one) or to a collection of
/// objects (to-many) of the destination entity.
///
/// `Content.bucket` (to-one, destination `Bucket`, inverse `contents`) lets a predicate on
/// `Content` say `bucket.name == "Inbox"`; `Bucket.contents` (to-many) lets a predicate on
/// `Bucket` say `contents.@count > 10` or `ANY contents.name == "a.png"`.
///
/// In the JSON schema format:
/// `{"name": "bucket", "destination": "Bucket", "inverse": "contents", "toMany": false,
/// "ordered": false, "optional": true}`; `inverse` defaults to `null`, the flags to `false`.
/// `"deleteRule": "cascade"` (or `"deny"`, `"noAction"`) sets the ``DeleteRule``; without it
/// the rule is `nullify`.
///
/// Three optional fields name the SQL storage when the mapping's defaults do not fit
/// (`Docs/sql-mapping.md`): `column` (the foreign-key column of a to-one relationship),
/// `orderColumn` (where an ordered to-many relationship keeps positions) and `joinTable`
/// (the join table of a many-to-many relationship or of a to-many one without inverse):
/// `{"name": "tags", "destination": "Tag", "inverse": "contents", "toMany": true,
/// "joinTable": {"name": "content_tags", "sourceColumn": "content_id", "destinationColumn": "tag_id"}}`.
public struct RelationshipDescription: Sendable, Hashable, Codable {
    /// The key used in predicates: `bucket` in `bucket.name`.
    public var name: String
    /// The name of the destination entity.
    public var destination: String
    /// The name of the inverse relationship on the destination entity, if there is one.
    /// Change matching follows inverses from a changed object back to the query's roots.
    public var inverse: String?
    /// Whether the relationship holds a collection.
    public var isToMany: Bool
    /// Whether a to-many relationship keeps its order (Core Data's `ordered="YES"`).
    public var isOrdered: Bool
    /// Whether a to-one relationship may be `nil` (a to-many one may then be empty).
    public var isOptional: Bool
    /// The SQL foreign-key column of a to-one relationship; `nil` lets the mapping choose.
    public var column: String?
    /// The SQL column holding the positions of an ordered to-many relationship; `nil` lets the
    /// mapping choose.
    public var orderColumn: String?
    /// The SQL join table of a many-to-many relationship (or of a to-many one without
    /// inverse); `nil` lets the mapping choose. Give it on one side of a pair only.
    public var joinTable: JoinTableDescription?
    /// What deleting the source object does to the destinations (Core Data's delete rule).
    public var deleteRule: DeleteRule

    /// Creates a relationship; every flag defaults to `false`, the SQL names to `nil`, the
    /// delete rule to ``DeleteRule/nullify``.
    public init(
        name: String, destination: String, inverse: String? = nil,
        isToMany: Bool = false, isOrdered: Bool = false, isOptional: Bool = false,
        column: String? = nil, orderColumn: String? = nil, joinTable: JoinTableDescription? = nil,
        deleteRule: DeleteRule = .nullify
    ) {
        self.name = name
        self.destination = destination
        self.inverse = inverse
        self.isToMany = isToMany
        self.isOrdered = isOrdered
        self.isOptional = isOptional
        self.column = column
        self.orderColumn = orderColumn
        self.joinTable = joinTable
        self.deleteRule = deleteRule
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, destination, inverse, toMany, ordered, optional, column, orderColumn, joinTable, deleteRule
    }

    /// Decodes the JSON schema format; unknown fields are errors.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownFields(CodingKeys.allCases.map(\.stringValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        destination = try container.decode(String.self, forKey: .destination)
        inverse = try container.decodeIfPresent(String.self, forKey: .inverse)
        isToMany = try container.decodeIfPresent(Bool.self, forKey: .toMany) ?? false
        isOrdered = try container.decodeIfPresent(Bool.self, forKey: .ordered) ?? false
        isOptional = try container.decodeIfPresent(Bool.self, forKey: .optional) ?? false
        column = try container.decodeIfPresent(String.self, forKey: .column)
        orderColumn = try container.decodeIfPresent(String.self, forKey: .orderColumn)
        joinTable = try container.decodeIfPresent(JoinTableDescription.self, forKey: .joinTable)
        deleteRule = try container.decodeIfPresent(DeleteRule.self, forKey: .deleteRule) ?? .nullify
    }

    /// Encodes the JSON schema format; `inverse` and the SQL names are omitted when `nil`,
    /// the delete rule when it is the default (`nullify`), so that a schema without delete
    /// rules encodes as it did before they were read.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(destination, forKey: .destination)
        try container.encodeIfPresent(inverse, forKey: .inverse)
        try container.encode(isToMany, forKey: .toMany)
        try container.encode(isOrdered, forKey: .ordered)
        try container.encode(isOptional, forKey: .optional)
        try container.encodeIfPresent(column, forKey: .column)
        try container.encodeIfPresent(orderColumn, forKey: .orderColumn)
        try container.encodeIfPresent(joinTable, forKey: .joinTable)
        if deleteRule != .nullify { try container.encode(deleteRule, forKey: .deleteRule) }
    }
}
