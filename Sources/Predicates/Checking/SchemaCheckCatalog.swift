import KeyPaths

/// Every diagnostic a schema check can produce: its stable id and its wording.
///
/// The messages follow Core Data's and Realm's vocabulary (`'Content' has no property
/// 'nmae'`, `to-many key not allowed here`) but say what to write instead. Tests and tools
/// match on the ``Diagnostic/id``; the wording lives only here.
///
/// ```
/// tags.name == "swift"
/// ```
/// ```
/// 1:1: error: 'tags.name' is a to-many key path; use ANY, ALL, NONE, @count or SUBQUERY
/// tags.name == "swift"
/// ^^^^^^^^^
/// note: for example: ANY tags.name == …
/// ```
package enum SchemaCheckCatalog {
    /// All schema-check diagnostic ids, in the order of the catalogue.
    package static let identifiers: [String] = [
        "unknown-entity", "unknown-key", "not-a-relationship", "invalid-collection-operator", "invalid-key-path",
        "type-mismatch", "to-many-not-allowed", "quantifier-needs-collection", "nesting-too-deep", "not-sortable",
    ]

    // MARK: - Key paths

    /// A key path that does not resolve. The id follows the error's kind; the suggestion
    /// becomes a `did you mean …?` note.
    static func keyPath(_ error: KeyPathError, range: SourceRange) -> Diagnostic {
        let id: String
        switch error.kind {
        case .unknownEntity: id = "unknown-entity"
        case .unknownKey: id = "unknown-key"
        case .attributeNotLast: id = "not-a-relationship"
        case .unknownOperator, .operatorNeedsCollection, .operatorNeedsKeyPath, .operatorNeedsAttribute,
            .operatorNotLast, .tooManyOperators:
            id = "invalid-collection-operator"
        case .emptyKeyPath, .emptyComponent, .missingInverse: id = "invalid-key-path"
        }
        var notes: [String] = []
        if let suggestion = error.suggestion { notes.append("did you mean '\(suggestion)'?") }
        if error.kind == .operatorNeedsCollection {
            notes.append("collection operators apply to to-many key paths, e.g. contents.@count")
        }
        return Diagnostic(id: id, message: error.message, range: range, notes: notes)
    }

    /// The root entity of a check is not in the schema: `no entity named 'Contnet'`, with a
    /// `did you mean 'Content'?` note when a name is close.
    package static func unknownEntity(_ name: String, in schema: Schema, range: SourceRange) -> Diagnostic {
        let error = KeyPathError(
            .unknownEntity, entity: name, key: nil, componentIndex: nil, message: "no entity named '\(name)'",
            suggestion: EditDistance.bestMatch(for: name, among: schema.entityNames))
        return keyPath(error, range: range)
    }

    // MARK: - To-many

    /// A to-many key path where one value is expected.
    static func toManyNotAllowed(_ path: String, range: SourceRange, example: String?) -> Diagnostic {
        var notes: [String] = []
        if let example { notes.append("for example: \(example)") }
        return Diagnostic(
            id: "to-many-not-allowed",
            message: "'\(path)' is a to-many key path; use ANY, ALL, NONE, @count or SUBQUERY",
            range: range, notes: notes)
    }

    /// `ANY`/`ALL`/`NONE` (or SUBQUERY) over something that is not a collection.
    static func quantifierNeedsCollection(
        _ quantifier: String, operand: String, isKeyPath: Bool, type: StaticType,
        range: SourceRange
    ) -> Diagnostic {
        let what = isKeyPath ? "\(operand) is not a to-many key path" : "\(operand) is \(type)"
        let note =
            quantifier == "SUBQUERY"
            ? "SUBQUERY filters a to-many relationship, e.g. SUBQUERY(tags, $t, $t.name == 'x')"
            : "remove \(quantifier) to compare the single value"
        return Diagnostic(
            id: "quantifier-needs-collection", message: "\(quantifier) needs a collection, but \(what)",
            range: range, notes: [note])
    }

    // MARK: - Types

    /// Two operands that can never compare equal or be ordered.
    static func cannotCompare(
        _ left: String, _ leftType: StaticType, with right: String, _ rightType: StaticType,
        range: SourceRange, notes: [String]
    ) -> Diagnostic {
        Diagnostic(
            id: "type-mismatch", message: "cannot compare \(left) (\(leftType)) with \(right) (\(rightType))",
            range: range, notes: notes)
    }

    /// `IN`/`CONTAINS` looking for an element of the wrong kind in a collection.
    static func cannotContain(
        _ container: String, _ containerType: StaticType, element: String,
        _ elementType: StaticType, range: SourceRange
    ) -> Diagnostic {
        Diagnostic(
            id: "type-mismatch",
            message: "\(container) (\(containerType)) can never contain \(element) (\(elementType))",
            range: range)
    }

    /// `IN`/`CONTAINS` whose container is neither a collection nor a string.
    static func notAContainer(
        _ op: String, side: String, operand: String, type: StaticType,
        range: SourceRange
    ) -> Diagnostic {
        Diagnostic(
            id: "type-mismatch",
            message: "\(op) needs a collection or a string on its \(side), but \(operand) is \(type)",
            range: range)
    }

    /// A string operator (LIKE, MATCHES, BEGINSWITH, ENDSWITH, CONTAINS on a string, the UTI
    /// operators) or a string function with an operand that is not a string.
    static func needsString(_ what: String, operand: String, type: StaticType, range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "type-mismatch", message: "\(what) needs strings, but \(operand) is \(type)", range: range)
    }

    /// Arithmetic, a numeric function or `@sum`/`@avg` on something that is not a number.
    static func needsNumbers(_ what: String, operand: String, type: StaticType, range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "type-mismatch", message: "\(what) needs numbers, but \(operand) is \(type)", range: range)
    }

    // MARK: - Objects

    /// An object compared with something that can never be it: an object of another
    /// inheritance hierarchy, a number, a string, a dictionary. The types are described with
    /// their article (`a 'Bucket' object`, `a dictionary`).
    ///
    /// ```
    /// 1:1: error: cannot compare 'bucket' (a 'Bucket' object) with <x-coredata:///Tag/p1> (a 'Tag' object)
    /// bucket == %@
    /// ^^^^^^
    /// note: a 'Tag' is never a 'Bucket'
    /// ```
    static func objectMismatch(
        _ left: String, _ leftType: String, with right: String, _ rightType: String, range: SourceRange,
        notes: [String]
    ) -> Diagnostic {
        Diagnostic(
            id: "type-mismatch", message: "cannot compare \(left) (\(leftType)) with \(right) (\(rightType))",
            range: range, notes: notes)
    }

    /// `IN`/`CONTAINS` where the element or the container's elements are objects that can
    /// never meet: `SELF IN {1, 2}`, `%@ IN tags` with a reference to a Bucket.
    static func cannotContainObject(
        _ container: String, _ containerType: String, element: String, _ elementType: String, range: SourceRange
    ) -> Diagnostic {
        Diagnostic(
            id: "type-mismatch",
            message: "\(container) (\(containerType)) can never contain \(element) (\(elementType))",
            range: range)
    }

    /// `<`, `<=`, `>`, `>=` or `BETWEEN` with an object: objects have no order.
    static func cannotOrderObjects(_ operand: String, _ type: StaticType, range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "type-mismatch", message: "objects cannot be ordered, but \(operand) is \(type)", range: range,
            notes: ["compare objects with == or !=, or order by an attribute"])
    }

    /// An object reference (a `%@` argument) naming an entity the schema does not have.
    static func unknownReferenceEntity(
        _ reference: String, entity: String, range: SourceRange, notes: [String]
    ) -> Diagnostic {
        Diagnostic(
            id: "unknown-entity",
            message: "the object reference \(reference) names '\(entity)', which is not an entity of the schema",
            range: range, notes: notes)
    }

    /// `BETWEEN` whose right side is not a two-element collection.
    static func betweenBounds(_ operand: String, count: Int?, type: StaticType, range: SourceRange) -> Diagnostic {
        let what = count.map { "\(operand) has \($0) \($0 == 1 ? "value" : "values")" } ?? "\(operand) is \(type)"
        return Diagnostic(
            id: "type-mismatch", message: "BETWEEN needs {low, high}, but \(what)", range: range,
            notes: ["write x BETWEEN {1, 10}"])
    }

    // MARK: - Sort keys and sections

    /// A sort key or section key path that ends on a relationship: rows cannot be ordered or
    /// grouped by objects. The note proposes an attribute of the destination.
    static func endsOnRelationship(
        _ role: String, keyPath: String, relationship: String, example: String?, range: SourceRange
    ) -> Diagnostic {
        var notes = ["sort keys and section key paths end in an attribute"]
        if let example { notes[0] += ", e.g. \(example)" }
        return Diagnostic(
            id: "not-sortable",
            message: "the \(role) '\(keyPath)' ends on the relationship '\(relationship)', not an attribute",
            range: range, notes: notes)
    }

    /// A sort key or section key path that goes through a to-many relationship (or a collection
    /// operator after one): a row has many values there, or one computed from many.
    static func throughToMany(_ role: String, keyPath: String, relationship: String, range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "not-sortable",
            message: "the \(role) '\(keyPath)' goes through the to-many relationship '\(relationship)'",
            range: range, notes: ["sort keys and section key paths reach an attribute through to-one relationships"])
    }

    // MARK: - Limits

    /// A tree built in code nested deeper than checking walks.
    static func nestingTooDeep(limit: Int, range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "nesting-too-deep", message: "the predicate is nested more than \(limit) levels deep", range: range)
    }
}
