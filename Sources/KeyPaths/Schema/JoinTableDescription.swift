/// The SQL join table of a relationship, as the JSON schema format names it:
/// `{"name": "content_tags", "sourceColumn": "content_id", "destinationColumn": "tag_id"}`.
///
/// "Source" is the entity that declares the relationship carrying this description and
/// "destination" its destination entity; every field is optional (`null` lets the SQL mapping
/// choose, `Docs/sql-mapping.md`). Unknown fields are errors.
public struct JoinTableDescription: Sendable, Hashable, Codable {
    /// The table name.
    public var name: String?
    /// The column holding the keys of the declaring entity's objects.
    public var sourceColumn: String?
    /// The column holding the keys of the destination objects.
    public var destinationColumn: String?

    /// Creates a join-table description; every field defaults to `nil`.
    public init(name: String? = nil, sourceColumn: String? = nil, destinationColumn: String? = nil) {
        self.name = name
        self.sourceColumn = sourceColumn
        self.destinationColumn = destinationColumn
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, sourceColumn, destinationColumn
    }

    /// Decodes the JSON schema format; unknown fields are errors.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownFields(CodingKeys.allCases.map(\.stringValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        sourceColumn = try container.decodeIfPresent(String.self, forKey: .sourceColumn)
        destinationColumn = try container.decodeIfPresent(String.self, forKey: .destinationColumn)
    }

    /// Encodes the JSON schema format; `nil` fields are omitted.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(sourceColumn, forKey: .sourceColumn)
        try container.encodeIfPresent(destinationColumn, forKey: .destinationColumn)
    }
}
