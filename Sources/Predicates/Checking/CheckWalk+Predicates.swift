import KeyPaths

/// Predicates and the rules of each comparison operator.
///
/// | predicate (from `Content`) | diagnostic |
/// |---|---|
/// | `tags.name == "x"` | `to-many-not-allowed` (write `ANY tags.name == "x"`) |
/// | `ANY bucket.name == "x"` | `quantifier-needs-collection` |
/// | `name == 42`, `creationDate < "2020"` | `type-mismatch` |
/// | `#size LIKE "1*"` | `type-mismatch`: LIKE needs strings |
/// | `#size BETWEEN {1, 2, 3}` | `type-mismatch`: BETWEEN needs {low, high} |
/// | `bucket == "Inbox"` | `type-mismatch`, note: compare an attribute such as `bucket.name` |
/// | `bucket == %@` with a reference to a Tag, `SELF IN {1, 2}` | `type-mismatch` (see `CheckWalk+Objects.swift`) |
/// | `name == nil`, `"x" IN tags.name`, `tags CONTAINS %@` | none |
extension CheckWalk {
    mutating func check(_ predicate: PredicateNode, scope: CheckScope) -> CheckedCondition {
        guard enter(predicate.range) else { return CheckedCondition(node: predicate, kind: .constant(false)) }
        defer { leave() }
        switch predicate.kind {
        case .constant(let value):
            return CheckedCondition(node: predicate, kind: .constant(value))
        case .and(let items):
            return CheckedCondition(node: predicate, kind: .and(items.map { check($0, scope: scope) }))
        case .or(let items):
            return CheckedCondition(node: predicate, kind: .or(items.map { check($0, scope: scope) }))
        case .not(let inner):
            return CheckedCondition(node: predicate, kind: .not(check(inner, scope: scope)))
        case .comparison(let comparison):
            let checked = check(comparison, range: predicate.range ?? SourceRange(0, 0), scope: scope)
            return CheckedCondition(node: predicate, kind: .comparison(checked))
        }
    }

    private mutating func check(_ comparison: Comparison, range: SourceRange, scope: CheckScope)
        -> CheckedComparison
    {
        let left = infer(comparison.left, scope: scope)
        let right = infer(comparison.right, scope: scope)
        var subject = left
        defer {
            noteVariable(in: left, meets: right.type)
            noteVariable(
                in: right, meets: comparison.operator == .in ? (right.type.elementType ?? .unknown) : subject.type)
        }
        func result() -> CheckedComparison {
            CheckedComparison(
                comparison: comparison, left: left.checked, right: right.checked, subjectType: subject.type)
        }
        let op = comparison.operator
        let spelling = Operators.spelling(of: op)
        // `x == nil` and `x != nil` are always allowed, whatever x is.
        if op == .equalTo || op == .notEqualTo, left.isNil || right.isNil { return result() }
        switch comparison.modifier {
        case .direct:
            if op != .contains, let path = left.path {
                let example =
                    isAttributeLike(left) ? "ANY \(path.text) \(spelling) …" : "\(path.text).@count \(spelling) …"
                requireSingle(left, example: example)
            }
        case .any, .all:
            let quantifier = quantifierSpelling(comparison.modifier, at: range)
            guard let element = element(of: left, quantifier: quantifier) else { return result() }
            subject = element
        }
        if op != .in {
            let example = right.path.map { "… IN \($0.text)" }
            requireSingle(right, example: op == .equalTo && isAttributeLike(right) ? example : nil)
        }
        switch op {
        case .equalTo, .notEqualTo:
            compareValues(subject, right, range: range)
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            compareValues(subject, right, ordering: true, range: range)
        case .between:
            checkBounds(of: subject, right, range: range)
        case .in:
            checkMembership("IN", element: subject, container: right, side: "right", range: range)
        case .contains:
            checkMembership("CONTAINS", element: right, container: subject, side: "left", range: range)
        case .beginsWith, .endsWith, .like, .matches, .utiConformsTo, .utiEquals:
            requireStrings(spelling, [subject, right])
        }
        return result()
    }

    /// Whether a key path operand ends on an attribute or an aggregate (so that `ANY` is the
    /// advice), rather than on a relationship (where `@count` is).
    private func isAttributeLike(_ operand: Operand) -> Bool {
        guard let resolved = operand.path?.resolved else { return false }
        if case .relationship = resolved.lastSegment.destination { return false }
        return true
    }

    /// `ANY`, `SOME`, `ALL` or `NONE` as written (read from the source when there is one).
    private func quantifierSpelling(_ modifier: ComparisonModifier, at range: SourceRange) -> String {
        if let word = word(at: range.lowerBound)?.uppercased(), ["ANY", "SOME", "ALL", "NONE"].contains(word) {
            return word
        }
        return modifier == .all ? "ALL" : "ANY"
    }

    /// The element compared under a quantifier, or `nil` (after reporting) when the operand
    /// is certainly not a collection.
    mutating func element(of operand: Operand, quantifier: String) -> Operand? {
        if case .collection(let element) = operand.type {
            return operand.retyped(element)
        }
        if operand.path != nil || operand.type.comparisonFamily != nil {
            report(
                SchemaCheckCatalog.quantifierNeedsCollection(
                    quantifier, operand: operand.text, isKeyPath: operand.path != nil, type: operand.type,
                    range: operand.range))
            return nil
        }
        return operand.retyped(.unknown)
    }

    /// `==`, `!=`, `<`, … : the two sides must be of one family (numbers and booleans count
    /// as one); unknown types, `nil` and collections pass. Objects follow their own rules
    /// (``compareObjects(_:_:ordering:range:)``): one hierarchy, and no order.
    mutating func compareValues(_ a: Operand, _ b: Operand, ordering: Bool = false, range: SourceRange) {
        if compareObjects(a, b, ordering: ordering, range: range) { return }
        guard let familyA = a.family, let familyB = b.family, familyA != familyB else { return }
        let caret = a.path != nil ? a.range : (b.path != nil ? b.range : range)
        var notes: [DiagnosticNote] = []
        if familyA == "object", let hint = attributeHint(for: a, matching: b) {
            notes.append("compare an attribute of \(hint.entity) instead, such as '\(hint.path)'")
        } else if familyB == "object", let hint = attributeHint(for: b, matching: a) {
            notes.append("compare an attribute of \(hint.entity) instead, such as '\(hint.path)'")
        }
        report(SchemaCheckCatalog.cannotCompare(a.text, a.type, with: b.text, b.type, range: caret, notes: notes))
    }

    /// The first attribute (required ones first) of a relationship operand's entity whose
    /// values compare with `other`: `bucket.name` for `bucket == "Inbox"`.
    func attributeHint(for operand: Operand, matching other: Operand) -> (entity: String, path: String)? {
        guard let path = operand.path, case .object(let entity) = operand.type.elementType ?? operand.type else {
            return nil
        }
        // Required attributes first: `name` reads better than an optional `email`.
        let attributes = schema.allAttributes(of: entity)
        let attribute = (attributes.filter { !$0.isOptional } + attributes.filter(\.isOptional)).first { attribute in
            StaticType(attribute.type).comparisonFamily == other.family
        }
        return attribute.map { ("'\(entity)'", "\(path.text).\($0.name)") }
    }

    /// `x BETWEEN {low, high}`: exactly two bounds, each comparable with `x`.
    private mutating func checkBounds(of subject: Operand, _ bounds: Operand, range: SourceRange) {
        var elements: [Operand]?
        if let literal = bounds.elements {
            elements = literal
        } else if case .constant(let value) = bounds.node.kind {
            switch value {
            case .array(let values): elements = values.map { Operand(StaticType($0), bounds.node, .constant($0)) }
            case .set(let values): elements = values.map { Operand(StaticType($0), bounds.node, .constant($0)) }
            default: break
            }
        }
        if let elements {
            guard elements.count == 2 else {
                report(
                    SchemaCheckCatalog.betweenBounds(
                        bounds.text, count: elements.count, type: bounds.type,
                        range: bounds.range))
                return
            }
            for bound in elements { compareValues(subject, bound, ordering: true, range: range) }
        } else if bounds.family != nil {
            report(SchemaCheckCatalog.betweenBounds(bounds.text, count: nil, type: bounds.type, range: bounds.range))
        }
    }

    /// `element IN container` / `container CONTAINS element`: a collection of comparable
    /// elements, or a string (then both are strings).
    private mutating func checkMembership(
        _ op: String, element: Operand, container: Operand, side: String,
        range: SourceRange
    ) {
        if element.isNil || container.isNil { return }
        if containObjects(element: element, container: container, range: range) { return }
        switch container.type {
        case .collection(let elementType):
            let containerFamily: String?
            if case .object = elementType {
                containerFamily = container.path == nil ? nil : "object"
            } else {
                containerFamily = elementType.comparisonFamily
            }
            guard let containerFamily, let elementFamily = element.family, containerFamily != elementFamily else {
                return
            }
            let caret = element.path != nil ? element.range : (container.path != nil ? container.range : range)
            var diagnostic = SchemaCheckCatalog.cannotContain(
                container.text, container.type, element: element.text, element.type, range: caret)
            if containerFamily == "object", let hint = attributeHint(for: container, matching: element) {
                diagnostic.notes.append("look in an attribute of \(hint.entity) instead, such as '\(hint.path)'")
            }
            report(diagnostic)
        case .string:
            if let family = element.family, family != "string" {
                report(
                    SchemaCheckCatalog.needsString(
                        "\(op) with a string on its \(side)", operand: element.text, type: element.type,
                        range: element.range))
            }
        default:
            if container.family != nil {
                report(
                    SchemaCheckCatalog.notAContainer(
                        op, side: side, operand: container.text, type: container.type,
                        range: container.range))
            }
        }
    }

    /// String operators: every known operand must be a string; the first that is not (a key
    /// path preferred) is reported.
    mutating func requireStrings(_ what: String, _ operands: [Operand]) {
        let bad = operands.filter { operand in operand.family.map { $0 != "string" } ?? false }
        guard let first = bad.first(where: { $0.path != nil }) ?? bad.first else { return }
        report(SchemaCheckCatalog.needsString(what, operand: first.text, type: first.type, range: first.range))
    }
}
