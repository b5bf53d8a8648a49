/// An attribute of an entity: a named, typed value such as `Content.size` (`Integer 64`).
///
/// In the JSON schema format an attribute is written
/// `{"name": "size", "type": "integer64", "optional": false}`; `optional`, `transient` and
/// `indexed` default to `false` when omitted, as in Xcode's model format where only
/// `optional="YES"` is written. `column` names the SQL column that stores the attribute
/// (`{"name": "size", "type": "integer64", "column": "byte_count"}`); `null` lets the SQL
/// mapping choose (`Docs/sql-mapping.md`).
public struct AttributeDescription: Sendable, Hashable, Codable {
    /// The key used in predicates: `size` in `size > 1024`.
    public var name: String
    /// The value type.
    public var type: AttributeType
    /// Whether the value may be `nil`. Default `false`.
    public var isOptional: Bool
    /// Whether the attribute is kept in memory only and never stored (Core Data's
    /// `transient="YES"`). Default `false`.
    public var isTransient: Bool
    /// Whether SQL storage should index the attribute's column (Core Data's `indexed="YES"`).
    /// Default `false`.
    public var isIndexed: Bool
    /// The SQL column that stores the attribute; `nil` lets the SQL mapping choose one.
    public var column: String?

    /// Creates an attribute.
    public init(
        name: String, type: AttributeType, isOptional: Bool = false, isTransient: Bool = false,
        isIndexed: Bool = false, column: String? = nil
    ) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.isTransient = isTransient
        self.isIndexed = isIndexed
        self.column = column
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, type, optional, transient, indexed, column
    }

    /// Decodes the JSON schema format; unknown fields are errors.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownFields(CodingKeys.allCases.map(\.stringValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        type = try container.decode(AttributeType.self, forKey: .type)
        isOptional = try container.decodeIfPresent(Bool.self, forKey: .optional) ?? false
        isTransient = try container.decodeIfPresent(Bool.self, forKey: .transient) ?? false
        isIndexed = try container.decodeIfPresent(Bool.self, forKey: .indexed) ?? false
        column = try container.decodeIfPresent(String.self, forKey: .column)
    }

    /// Encodes the JSON schema format; `transient` and `indexed` are written only when `true`,
    /// `column` only when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(type, forKey: .type)
        try container.encode(isOptional, forKey: .optional)
        if isTransient { try container.encode(true, forKey: .transient) }
        if isIndexed { try container.encode(true, forKey: .indexed) }
        try container.encodeIfPresent(column, forKey: .column)
    }
}
