import KeyPaths

/// The type a schema check infers for an expression, before any data is touched.
///
/// Checking `bucket.name == 42` from `Content` infers `.string` for `bucket.name` and
/// `.integer` for `42`, and reports that the two cannot be compared. The types are
/// deliberately coarse: integer and floating-point numbers (and booleans) compare with each
/// other, and ``unknown`` — a substitution variable, a custom `FUNCTION`, a `CAST` to a
/// number — never produces an error.
///
/// | expression (from `Content`) | type |
/// |---|---|
/// | `name`, `"x"`, `uppercase(name)` | ``string`` |
/// | `#size`, `42`, `tags.@count`, `length(name)` | ``integer`` |
/// | `2.5`, `tags.@avg.…`, `sqrt(#size)` | ``floating`` |
/// | `YES` | ``boolean`` |
/// | `creationDate`, `now()`, `CAST(0, "NSDate")` | ``date`` |
/// | `bucket`, `SELF`, a reference argument `{"$ref": {"entity": "Bucket", "id": 2}}` | `object("Bucket")`, `object("Content")`, `object("Bucket")` |
/// | `tags`, `tags.name`, `{1, 2}` | `collection(object("Tag"))`, `collection(string)`, `collection(integer)` |
/// | `nil` | ``null`` |
/// | `$x`, `FUNCTION(…)`, `CAST(x, "NSNumber")` | ``unknown`` |
public indirect enum StaticType: Sendable, Hashable, CustomStringConvertible {
    /// Text.
    case string
    /// A whole number (`Integer 16/32/64` attributes, integer literals, `@count`).
    case integer
    /// A floating-point or decimal number.
    case floating
    /// `YES` / `NO` (compares with numbers, as in Apple's NSNumber).
    case boolean
    /// A point in time.
    case date
    /// Binary data.
    case data
    /// A UUID.
    case uuid
    /// An object of an entity (or of one of its sub-entities), reached through a relationship.
    case object(entity: String)
    /// A collection of values: a to-many key path, an aggregate literal, a SUBQUERY.
    case collection(of: StaticType)
    /// The `nil` constant: compatible with everything.
    case null
    /// Not known statically: never the cause of a diagnostic.
    case unknown

    /// The static type of an attribute's values. URI and transformable attributes are
    /// ``unknown`` (stores compare them in ways the engine does not model).
    public init(_ attribute: AttributeType) {
        switch attribute {
        case .string: self = .string
        case .integer16, .integer32, .integer64: self = .integer
        case .double, .float, .decimal: self = .floating
        case .boolean: self = .boolean
        case .date: self = .date
        case .binary: self = .data
        case .uuid: self = .uuid
        case .uri, .transformable, .undefined: self = .unknown
        }
    }

    /// The static type of a constant. A collection's element type is the elements' common
    /// type (``unknown`` when they differ, `nil`s ignored); a dictionary is ``unknown``; an
    /// object reference is an object of the entity it names.
    public init(_ value: PredicateValue) {
        switch value {
        case .null: self = .null
        case .bool: self = .boolean
        case .int: self = .integer
        case .double: self = .floating
        case .string: self = .string
        case .date: self = .date
        case .data: self = .data
        case .uuid: self = .uuid
        case .array(let elements): self = .collection(of: StaticType.common(elements.map { StaticType($0) }))
        case .set(let elements): self = .collection(of: StaticType.common(elements.map { StaticType($0) }))
        case .dictionary: self = .unknown
        case .reference(let reference): self = .object(entity: reference.entity)
        }
    }

    /// The common type of several values: their type when all agree (ignoring `nil`s; integer
    /// and floating give floating), otherwise ``unknown``. No values give ``unknown``.
    public static func common(_ types: [StaticType]) -> StaticType {
        var result: StaticType?
        for type in types where type != .null {
            switch (result, type) {
            case (nil, _): result = type
            case (let current?, _) where current == type: continue
            case (.integer?, .floating), (.floating?, .integer): result = .floating
            default: return .unknown
            }
        }
        return result ?? .unknown
    }

    /// Whether the values are numbers (integer or floating; booleans are not counted here).
    public var isNumeric: Bool { self == .integer || self == .floating }

    /// The element type of a collection; `nil` for any other type.
    public var elementType: StaticType? {
        if case .collection(let element) = self { return element }
        return nil
    }

    /// The family of values that compare with each other: numbers and booleans together,
    /// every other known scalar by itself; `nil` for ``unknown``, ``null`` and collections,
    /// which are never reported as mismatched.
    package var comparisonFamily: String? {
        switch self {
        case .integer, .floating, .boolean: "number"
        case .string: "string"
        case .date: "date"
        case .data: "data"
        case .uuid: "uuid"
        case .object: "object"
        case .collection, .null, .unknown: nil
        }
    }

    /// The type with an article, as messages use it: `a string`, `an integer`,
    /// `a 'Bucket' object`, `a collection of strings`.
    public var description: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .floating: "a floating-point number"
        case .boolean: "a boolean"
        case .date: "a date"
        case .data: "binary data"
        case .uuid: "a UUID"
        case .object(let entity): "a '\(entity)' object"
        case .collection(let element): "a collection of " + element.plural
        case .null: "nil"
        case .unknown: "a value"
        }
    }

    /// The plural, for collections: `strings`, `'Tag' objects`.
    var plural: String {
        switch self {
        case .string: "strings"
        case .integer: "integers"
        case .floating: "floating-point numbers"
        case .boolean: "booleans"
        case .date: "dates"
        case .data: "binary data"
        case .uuid: "UUIDs"
        case .object(let entity): "'\(entity)' objects"
        case .collection(let element): "collections of " + element.plural
        case .null: "nils"
        case .unknown: "values"
        }
    }
}
