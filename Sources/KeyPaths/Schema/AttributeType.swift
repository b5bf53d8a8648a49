/// The type of an entity attribute, as Core Data models them.
///
/// Each type has two spellings: ``rawValue`` is the name used by the JSON schema format
/// (`"integer64"`) and ``coreDataName`` the `attributeType` of an Xcode model
/// (`"Integer 64"`). A predicate such as `size > 1024` compares the attribute `size`, whose
/// type decides whether the comparison is numeric, textual or by date.
public enum AttributeType: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Text: `name BEGINSWITH[c] "a"`.
    case string
    /// A 16-bit signed integer.
    case integer16
    /// A 32-bit signed integer.
    case integer32
    /// A 64-bit signed integer.
    case integer64
    /// A double-precision floating-point number.
    case double
    /// A single-precision floating-point number.
    case float
    /// A decimal number (`NSDecimalNumber` in Core Data).
    case decimal
    /// `YES` / `NO`.
    case boolean
    /// A point in time: `creationDate > CAST(0, "NSDate")`.
    case date
    /// Raw bytes.
    case binary
    /// A UUID.
    case uuid
    /// A URL.
    case uri
    /// A value transformed into bytes by the application; opaque to the engine.
    case transformable
    /// Xcode's "Undefined": no type, allowed for transient attributes only (the application
    /// computes them). Any value is accepted in memory; SQL refuses them (they are not stored).
    case undefined

    /// The spelling used by Xcode's model format (`attributeType="Integer 64"`).
    public var coreDataName: String {
        switch self {
        case .string: "String"
        case .integer16: "Integer 16"
        case .integer32: "Integer 32"
        case .integer64: "Integer 64"
        case .double: "Double"
        case .float: "Float"
        case .decimal: "Decimal"
        case .boolean: "Boolean"
        case .date: "Date"
        case .binary: "Binary"
        case .uuid: "UUID"
        case .uri: "URI"
        case .transformable: "Transformable"
        case .undefined: "Undefined"
        }
    }

    /// The type whose ``coreDataName`` is `name` (exact, case-sensitive), or `nil`.
    ///
    /// `AttributeType(coreDataName: "Integer 32")` is ``integer32``.
    public init?(coreDataName name: String) {
        guard let match = Self.allCases.first(where: { $0.coreDataName == name }) else { return nil }
        self = match
    }

    /// Whether values of this type are numbers (integers, floating point, decimal).
    /// Booleans are not counted, although predicates compare them with numbers.
    public var isNumeric: Bool {
        switch self {
        case .integer16, .integer32, .integer64, .double, .float, .decimal: true
        case .string, .boolean, .date, .binary, .uuid, .uri, .transformable, .undefined: false
        }
    }

    /// Whether values of this type are whole numbers.
    public var isInteger: Bool {
        switch self {
        case .integer16, .integer32, .integer64: true
        default: false
        }
    }

    /// The JSON spelling, e.g. `integer64`.
    public var description: String { rawValue }

    /// Decodes the JSON spelling; an unknown name is a `dataCorrupted` error listing the
    /// accepted names, e.g. `unknown attribute type 'int'; expected one of string, …`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let type = AttributeType(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: Self.unknownTypeMessage(name, spellings: Self.allCases.map(\.rawValue))
            )
        }
        self = type
    }

    /// Encodes the JSON spelling.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    static func unknownTypeMessage(_ name: String, spellings: [String]) -> String {
        let message = Suggestion("unknown attribute type '\(name)'", name: name, among: spellings).text(
            orListing: spellings)
        return message
    }
}
