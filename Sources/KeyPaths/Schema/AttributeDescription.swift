/// An attribute of an entity: a named, typed value such as `Content.size` (`Integer 64`).
///
/// In the JSON schema format an attribute is written
/// `{"name": "size", "type": "integer64", "optional": false}`; `optional` and `transient`
/// default to `false` when omitted, as in Xcode's model format where only `optional="YES"`
/// is written.
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

    /// Creates an attribute.
    public init(name: String, type: AttributeType, isOptional: Bool = false, isTransient: Bool = false) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.isTransient = isTransient
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, type, optional, transient
    }

    /// Decodes the JSON schema format; unknown fields are errors.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownFields(CodingKeys.allCases.map(\.stringValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        type = try container.decode(AttributeType.self, forKey: .type)
        isOptional = try container.decodeIfPresent(Bool.self, forKey: .optional) ?? false
        isTransient = try container.decodeIfPresent(Bool.self, forKey: .transient) ?? false
    }

    /// Encodes the JSON schema format; `transient` is written only when `true`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(type, forKey: .type)
        try container.encode(isOptional, forKey: .optional)
        if isTransient { try container.encode(true, forKey: .transient) }
    }
}
