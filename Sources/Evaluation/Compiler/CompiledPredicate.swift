import Foundation
import Predicates

/// A predicate compiled for one root type: evaluate it against many objects, from many
/// threads at once (it holds no mutable state).
///
/// ```swift
/// let node = try PredicateNode(format: "name CONTAINS[cd] %@ AND age > 30", argumentArray: ["an"])
/// let adults = try PredicateCompiler().compile(node, for: Person.self)
/// let matches = try adults.filter(people)        // [Person]
/// let one = try adults.evaluate(people[0])        // Bool
/// ```
///
/// Key paths were resolved, constants and `[cd]` operands folded, LIKE/MATCHES patterns and
/// `IN {constants}` hash sets built once, at compile time.
public struct CompiledPredicate<Root>: Sendable {
    /// The predicate this was compiled from.
    public let predicate: PredicateNode
    @usableFromInline let test: CompiledTest<Root>
    /// Variables bound per evaluation, by slot.
    @usableFromInline let slotNames: [String]
    /// Compile-time values of variables that also need a slot (assigned or SUBQUERY-bound).
    @usableFromInline let slotDefaults: [EvaluationValue?]
    /// The in-place plan for buffers of structs, when every key the predicate compares is a
    /// stored number (see ``count(in:variables:)``).
    var batch: StructBatch?

    init(
        predicate: PredicateNode, test: @escaping CompiledTest<Root>, slotNames: [String],
        slotDefaults: [EvaluationValue?]
    ) {
        self.predicate = predicate
        self.test = test
        self.slotNames = slotNames
        self.slotDefaults = slotDefaults
    }

    /// Whether `object` matches. Throws ``EvaluationError`` where Apple raises (ordering a
    /// string against a number, `ANY` over a non-collection, an unbound `$variable`, …).
    @inlinable
    public func evaluate(_ object: Root) throws(EvaluationError) -> Bool {
        var frame = EvaluationFrame(slots: slotDefaults)
        return try test(object, &frame)
    }

    /// Whether `object` matches, with `$name` bound from `variables` (they override values
    /// given at compile time only for variables that were not folded into constants).
    @inlinable
    public func evaluate(_ object: Root, variables: [String: EvaluationValue]) throws(EvaluationError) -> Bool {
        var frame = makeFrame(variables)
        return try test(object, &frame)
    }

    /// The objects that match, in order. Stops at the first evaluation error.
    ///
    /// Inlinable so that the loop is specialised for `Root` in the caller's module (copying
    /// matching structs through generic witnesses costs more than the predicate itself).
    @inlinable
    public func filter<Objects: Sequence>(
        _ objects: Objects, variables: [String: EvaluationValue] = [:]
    ) throws(EvaluationError) -> [Root] where Objects.Element == Root {
        let base = makeFrame(variables)
        // Loaded once: converting the stored closure to this specialisation's calling
        // convention happens here, not per object.
        let test = self.test
        var result: [Root] = []
        if base.slots.isEmpty {
            var frame = base
            for object in objects where try test(object, &frame) { result.append(object) }
            return result
        }
        for object in objects {
            var frame = base
            if try test(object, &frame) { result.append(object) }
        }
        return result
    }

    @usableFromInline
    func makeFrame(_ variables: [String: EvaluationValue]) -> EvaluationFrame {
        guard !slotNames.isEmpty else { return EvaluationFrame(slots: []) }
        var slots = slotDefaults
        for (index, name) in slotNames.enumerated() {
            if let value = variables[name] { slots[index] = value }
        }
        return EvaluationFrame(slots: slots)
    }
}

/// The variable bindings of one evaluation, by slot index.
@usableFromInline
struct EvaluationFrame {
    @usableFromInline var slots: [EvaluationValue?]

    @usableFromInline
    init(slots: [EvaluationValue?]) { self.slots = slots }
}

@usableFromInline
typealias CompiledTest<Root> = @Sendable (Root, inout EvaluationFrame) throws(EvaluationError) -> Bool
typealias CompiledRead<Root> = @Sendable (Root, inout EvaluationFrame) throws(EvaluationError) -> EvaluationValue

/// A compiled expression: a constant (folded at compile time) or a read per evaluation.
enum CompiledExpression<Root> {
    case constant(EvaluationValue)
    case dynamic(CompiledRead<Root>, typed: TypedRead<Root>?)
    /// A dictionary key whose value may be probed for an expected Swift type.
    case probed(CompiledRead<Root>, probe: @Sendable (TypedKind) -> ProbeRead<Root>)

    /// The read as a closure (a constant returns itself).
    var read: CompiledRead<Root> {
        switch self {
        case .constant(let value): return { _, _ in value }
        case .dynamic(let read, _), .probed(let read, _): return read
        }
    }

    /// The probe factory, for a dictionary key.
    var probe: (@Sendable (TypedKind) -> ProbeRead<Root>)? {
        if case .probed(_, let probe) = self { return probe }
        return nil
    }

    /// The constant, if folded.
    var constant: EvaluationValue? {
        if case .constant(let value) = self { return value }
        return nil
    }

    /// The unboxed read, if the expression is a typed key of the root.
    var typed: TypedRead<Root>? {
        if case .dynamic(_, let typed) = self { return typed }
        return nil
    }
}
