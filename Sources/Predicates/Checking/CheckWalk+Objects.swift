import KeyPaths

/// Objects in comparisons: relationships, `SELF`, SUBQUERY variables over objects and object
/// references (``ObjectReference``, a `%@` argument). An object compares only with `nil` and
/// with objects of its own inheritance hierarchy; anything else can never be equal and is a
/// type error, as Core Data would silently match nothing.
///
/// | predicate (from `Content`) | argument | diagnostic |
/// |---|---|---|
/// | `bucket == %@`, `SELF IN %@`, `ANY tags == %@` | references to a Bucket, Contents, a Tag | none |
/// | `SELF == %@` | a reference to `ImageContent 2` | none (one hierarchy) |
/// | `bucket == %@` | a reference to `Tag 1` | `type-mismatch`, note: a 'Tag' is never a 'Bucket' |
/// | `bucket == %@`, `SELF == %@` | `"Inbox"`, `2`, `{"name": "Inbox"}` | `type-mismatch` |
/// | `SELF IN %@` | `{1, 2}` | `type-mismatch` (can never contain) |
/// | `bucket == %@` | a reference to `Bukcet 2` | `unknown-entity`, note: did you mean 'Bucket'? |
/// | `bucket < %@` | a reference to a Bucket | `type-mismatch`: objects have no order |
extension CheckWalk {
    /// Why a value can never be one of the objects of an entity.
    enum ObjectMismatch {
        /// A reference names an entity the schema does not have.
        case unknownEntity(ObjectReference)
        /// An object of another inheritance hierarchy (the entity it names).
        case otherHierarchy(String)
        /// Not an object at all: a number, a string, a dictionary, … (described with an article).
        case notAnObject(String)
    }

    /// `==`, `!=` and the ordering operators when either side is an object. Returns `false`
    /// (and reports nothing) when neither is, leaving the comparison to the value rules.
    mutating func compareObjects(_ a: Operand, _ b: Operand, ordering: Bool, range: SourceRange) -> Bool {
        guard a.objectEntity != nil || b.objectEntity != nil else { return false }
        for operand in [a, b] {
            if case .reference(let reference)? = operand.constant, schema.entity(named: reference.entity) == nil {
                report(unknownEntity(reference, range: operand.range))
                return true
            }
        }
        let (object, other) = Self.oriented(a, b)
        let caret = Self.caret(object, other, range: range)
        if ordering {
            report(SchemaCheckCatalog.cannotOrderObjects(object.text, object.type, range: caret))
            return true
        }
        guard let entity = object.objectEntity, let mismatch = mismatch(of: other, with: entity) else { return true }
        report(
            SchemaCheckCatalog.objectMismatch(
                a.text, typeText(of: a), with: b.text, typeText(of: b), range: caret,
                notes: notes(for: mismatch, object: object, other: other)))
        return true
    }

    /// `element IN container` / `container CONTAINS element` when the element or the
    /// container's elements are objects. Returns `false` when neither is. A container none of
    /// whose elements can be the element "can never contain" it (`SELF IN {1, 2}`); one element
    /// that cannot is reported by itself (`bucket IN %@` with a reference to a User among
    /// Buckets).
    mutating func containObjects(element: Operand, container: Operand, range: SourceRange) -> Bool {
        let members: [Operand]
        if let elements = container.elements {
            members = elements
        } else if case .array(let values)? = container.constant {
            members = values.map { Self.member($0, of: container) }
        } else if case .set(let values)? = container.constant {
            members = values.map { Self.member($0, of: container) }
        } else if case .collection(let elementType) = container.type, case .object = elementType {
            members = [container.retyped(elementType)]
        } else {
            return false
        }
        guard element.objectEntity != nil || members.contains(where: { $0.objectEntity != nil }) else { return false }
        for operand in [element] + members {
            if case .reference(let reference)? = operand.constant, schema.entity(named: reference.entity) == nil {
                report(unknownEntity(reference, range: operand.range))
                return true
            }
        }
        var mismatches: [(member: Operand, object: Operand, other: Operand, mismatch: ObjectMismatch)] = []
        for member in members {
            let (object, other) = Self.oriented(element, member)
            guard let entity = object.objectEntity, let mismatch = mismatch(of: other, with: entity) else { continue }
            mismatches.append((member, object, other, mismatch))
        }
        guard let first = mismatches.first else { return true }
        let caret = Self.caret(first.object, first.other.constant != nil ? first.other : container, range: range)
        if mismatches.count == members.count {
            var diagnostic = SchemaCheckCatalog.cannotContainObject(
                container.text, typeText(of: container), element: element.text, typeText(of: element), range: caret)
            diagnostic.notes = notes(
                for: first.mismatch, object: first.object, other: first.other, hintVerb: "look in")
            report(diagnostic)
        } else {
            report(
                SchemaCheckCatalog.objectMismatch(
                    element.text, typeText(of: element), with: first.member.text, typeText(of: first.member),
                    range: caret, notes: notes(for: first.mismatch, object: first.object, other: first.other)))
        }
        return true
    }

    /// An element of a constant collection as an operand of its own (printed by itself), at
    /// the collection's place in the source.
    private static func member(_ value: PredicateValue, of container: Operand) -> Operand {
        Operand(StaticType(value), ExpressionNode(.constant(value), range: container.node.range), .constant(value))
    }

    /// Why `other` can never be an object of `entity`; `nil` when it can (or may).
    func mismatch(of other: Operand, with entity: String) -> ObjectMismatch? {
        if let otherEntity = other.objectEntity {
            if case .reference(let reference)? = other.constant, schema.entity(named: reference.entity) == nil {
                return .unknownEntity(reference)
            }
            return sameHierarchy(entity, otherEntity) ? nil : .otherHierarchy(otherEntity)
        }
        switch other.constant {
        case .dictionary?: return .notAnObject("a dictionary")
        case .array?, .set?, .null?: return nil
        default: break
        }
        guard other.type.comparisonFamily != nil else { return nil }
        return .notAnObject(other.type.description)
    }

    /// The object side of a comparison and the other side: when both are objects, the one that
    /// is not a constant is the object (`bucket` in `%@ == bucket`), so that notes say what
    /// the argument is never.
    static func oriented(_ a: Operand, _ b: Operand) -> (object: Operand, other: Operand) {
        guard a.objectEntity != nil else { return (b, a) }
        guard b.objectEntity != nil else { return (a, b) }
        return a.constant != nil && b.constant == nil ? (b, a) : (a, b)
    }

    /// Where the caret goes: under a key path (the object's first), else under an argument or
    /// literal on the other side, else under the whole comparison (`SELF == $x`).
    static func caret(_ object: Operand, _ other: Operand, range: SourceRange) -> SourceRange {
        if object.path != nil { return object.range }
        if other.path != nil || other.constant != nil { return other.range }
        return range
    }

    /// Whether objects of the two entities can be one object: the same top entity.
    func sameHierarchy(_ a: String, _ b: String) -> Bool {
        (schema.ancestors(of: a).last ?? a) == (schema.ancestors(of: b).last ?? b)
    }

    /// The notes explaining a mismatch.
    private func notes(
        for mismatch: ObjectMismatch, object: Operand, other: Operand, hintVerb: String = "compare"
    ) -> [DiagnosticNote] {
        guard let entity = object.objectEntity else { return [] }
        switch mismatch {
        case .unknownEntity(let reference):
            let suggestion = Suggestion.unknownEntity(reference.entity, among: schema.entityNames)
            return suggestion.replacement.map { [DiagnosticNote(Suggestion.didYouMean($0))] } ?? []
        case .otherHierarchy(let otherEntity):
            return ["a '\(otherEntity)' is never a '\(entity)'"]
        case .notAnObject:
            // A relationship met with a value of an attribute's kind: an attribute was meant.
            if object.path != nil, other.constant?.isDictionary != true,
                let hint = attributeHint(for: object, matching: other)
            {
                return ["\(hintVerb) an attribute of \(hint.entity) instead, such as '\(hint.path)'"]
            }
            return [
                DiagnosticNote(
                    "an object compares with nil or a reference to a '\(entity)': an ObjectID in Swift, "
                        + "{\"$ref\": {\"entity\": \"\(entity)\", \"id\": …}} in JSON")
            ]
        }
    }

    /// How messages describe an operand's type: `a 'Bucket' object`, `a dictionary`.
    private func typeText(of operand: Operand) -> String {
        operand.constant?.isDictionary == true ? "a dictionary" : operand.type.description
    }

    private func unknownEntity(_ reference: ObjectReference, range: SourceRange) -> Diagnostic {
        SchemaCheckCatalog.unknownReferenceEntity(
            reference.description, entity: reference.entity, in: schema, range: range)
    }
}

extension Operand {
    /// The entity when the operand is an object (a to-one relationship, `SELF`, a SUBQUERY
    /// variable over objects, an element under ANY/ALL, a reference).
    var objectEntity: String? {
        if case .object(let entity) = type { return entity }
        return nil
    }

    /// The value when the operand is a constant (a literal or an argument).
    var constant: PredicateValue? {
        if case .constant(let value) = checked.kind { return value }
        return nil
    }
}

extension PredicateValue {
    /// Whether the value is a dictionary.
    var isDictionary: Bool {
        if case .dictionary = self { return true }
        return false
    }
}
