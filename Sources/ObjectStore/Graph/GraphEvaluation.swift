import Evaluation
import KeyPaths
import Predicates

extension PredicateCompiler {
    /// Compiles a checked predicate for the objects of `graph` (and of every graph changed from
    /// it by ``ObjectGraph/apply(_:)``): the key paths checking resolved become column reads,
    /// fixed once here — to-one hops follow destination rows, and a value compared with a
    /// constant is read unboxed when it has the constant's type.
    ///
    /// ```swift
    /// let checked = try CheckedPredicate(PredicateNode(format: "bucket.name == 'Inbox'"),
    ///                                    schema: graph.schema, entity: "Content")
    /// let compiled = try PredicateCompiler().compile(checked, for: graph)
    /// try compiled.evaluate(graph.object(content)!)   // true
    /// try graph.fetch(compiled, entity: "Content")     // the matching Contents
    /// ```
    ///
    /// An object of a graph with another layout (loaded separately) is read key by key instead,
    /// with the same results.
    public func compile(_ checked: CheckedPredicate, for graph: ObjectGraph) throws(PredicateCompileError)
        -> CompiledPredicate<GraphObject>
    {
        let access = GraphRootAccess(layout: graph.layout, checked: checked)
        return try compile(
            checked.predicate,
            access: PredicateRootAccess(
                resolve: { keys throws(PredicateCompileError) in access.resolve(keys) },
                selfValue: { .object(EvaluationObject($0)) }))
    }
}

extension ReferenceInterpreter {
    /// Evaluates a checked predicate on a graph object, walking the tree (the oracle of the
    /// compiled evaluator).
    public func evaluate(
        _ checked: CheckedPredicate, on object: GraphObject, variables: [String: EvaluationValue] = [:]
    ) throws(EvaluationError) -> Bool {
        try evaluate(checked.predicate, on: .object(EvaluationObject(object)), variables: variables)
    }
}

/// How a compiled predicate reads the keys of graph objects: the resolution checking made of
/// each key path, turned into reads of columns and rows of one layout.
struct GraphRootAccess: Sendable {
    let layout: GraphLayout
    /// The root entity.
    let entity: String
    /// The resolution of leading keys from the root (checking's, for a predicate).
    let resolution: @Sendable ([String]) -> ResolvedKeyPath?

    init(layout: GraphLayout, checked: CheckedPredicate) {
        self.layout = layout
        self.entity = checked.entity
        self.resolution = { checked.resolvedKeyPath($0) }
    }

    /// Reads of key paths that were not part of a predicate (sort keys, section keys), resolved
    /// against the schema here.
    init(layout: GraphLayout, entity: String) {
        self.layout = layout
        self.entity = entity
        let schema = layout.schema
        self.resolution = { try? schema.resolve(keyPath: $0, from: entity) }
    }

    /// A reader of the value of the dotted key path `keyPath` (`bucket.name`) of root objects.
    func reader(_ keyPath: String) -> @Sendable (GraphObject) throws(EvaluationError) -> EvaluationValue {
        let keys = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let (accessor, consumed) = resolve(keys[...])
        let rest = keys.dropFirst(consumed).map(KeyPathComponent.key)
        let read = accessor.read
        if rest.isEmpty { return read }
        return { object throws(EvaluationError) in
            var value = try read(object)
            for component in rest {
                guard case .key(let key) = component else { break }
                guard case .object(let related) = value else { return .null }
                value = try related.value(forKey: key)
            }
            return value
        }
    }

    /// A reader of a sort key or section key path already resolved by checking (to-one hops,
    /// then an attribute: ``OrderingKeyPath``'s rule), made from its hops without resolving
    /// it again. A path of another shape is read by its text.
    func reader(_ resolved: ResolvedKeyPath) -> @Sendable (GraphObject) throws(EvaluationError) -> EvaluationValue {
        guard var hierarchy = layout.hierarchyIndex(of: entity), case .attribute(let attribute) = resolved.destination
        else { return reader(resolved.keyPath) }
        var hops: [Hop] = []
        for hop in resolved.hops {
            guard !hop.isToMany, let column = layout.toOneColumns[hierarchy][hop.sourceProperty] else {
                return reader(resolved.keyPath)
            }
            let destination = layout.toOneDestinations[hierarchy][column]
            hops.append(Hop(key: hop.sourceProperty, column: column, destination: destination))
            hierarchy = destination
        }
        guard let column = layout.attributeColumns[hierarchy][attribute.name] else { return reader(resolved.keyPath) }
        return read(hops, final: .attribute(attribute.name, column)).read
    }

    /// A step through a to-one relationship: the column in the current hierarchy's table and
    /// the hierarchy it leads to.
    struct Hop: Sendable {
        var key: String
        var column: Int
        var destination: Int
    }

    /// The accessor for the leading keys of a key path and how many it consumed: every to-one
    /// hop and the final attribute or relationship, up to and including a first to-many
    /// relationship (the keys after it are read from each element by key-value coding).
    func resolve(_ keys: ArraySlice<String>) -> (KeyAccessor<GraphObject>, Int) {
        guard let root = layout.hierarchyIndex(of: entity) else { return (dynamic(keys.first ?? ""), 1) }
        var hierarchy = root
        var hops: [Hop] = []
        var consumed = 0
        for key in keys {
            consumed += 1
            guard let resolved = resolution(Array(keys.prefix(consumed))) else {
                return consumed == 1 ? (dynamic(key), 1) : (read(hops, final: .object), consumed - 1)
            }
            switch resolved.destination {
            case .attribute:
                guard let column = layout.attributeColumns[hierarchy][key] else { return (dynamic(key), 1) }
                return (read(hops, final: .attribute(key, column)), consumed)
            case .relationship(let relationship):
                if relationship.isToMany {
                    guard let column = layout.toManyColumns[hierarchy][key] else { return (dynamic(key), 1) }
                    let destination = layout.toManyDestinations[hierarchy][column].hierarchy
                    return (read(hops, final: .toMany(key, column, destination)), consumed)
                }
                guard let column = layout.toOneColumns[hierarchy][key] else { return (dynamic(key), 1) }
                let destination = layout.toOneDestinations[hierarchy][column]
                hops.append(Hop(key: key, column: column, destination: destination))
                hierarchy = destination
            case .aggregate:
                return (dynamic(key), 1)
            }
        }
        return (read(hops, final: .object), consumed)
    }

    /// What a read ends on.
    enum Final {
        /// An attribute: its key and column.
        case attribute(String, Int)
        /// A to-many relationship: its key, column and destination hierarchy.
        case toMany(String, Int, Int)
        /// The object reached by the hops.
        case object
    }

    /// One key read by name (an object of another layout, or a key checking did not resolve).
    private func dynamic(_ key: String) -> KeyAccessor<GraphObject> {
        KeyAccessor { object throws(EvaluationError) in try object.predicateValue(forKey: key) }
    }

    /// The row reached from `object` through `hops`, or `nil` when a to-one is empty.
    @inline(__always)
    private static func follow(_ hops: [Hop], from object: GraphObject) -> (hierarchy: Int, row: Int)? {
        var row = object.row
        var hierarchy = object.hierarchy
        for hop in hops {
            let target = object.storage.tables[hierarchy].toOne[hop.column][row]
            guard target >= 0 else { return nil }
            row = Int(target)
            hierarchy = hop.destination
        }
        return (hierarchy, row)
    }

    /// The accessor reading through `hops`, then `final`. Objects of another layout fall back to
    /// reading the same keys by name.
    private func read(_ hops: [Hop], final: Final) -> KeyAccessor<GraphObject> {
        let layout = self.layout
        let names: [String]
        switch final {
        case .attribute(let key, _), .toMany(let key, _, _): names = hops.map(\.key) + [key]
        case .object: names = hops.map(\.key)
        }
        let fallback: @Sendable (GraphObject) throws(EvaluationError) -> EvaluationValue = {
            object throws(EvaluationError) in
            var value = EvaluationValue.object(EvaluationObject(object))
            for name in names {
                guard case .object(let current) = value else { return .null }
                value = try current.value(forKey: name)
            }
            return value
        }
        switch final {
        case .attribute(_, let column):
            let readValue: @Sendable (GraphObject) -> PredicateValue? = { object in
                guard let (hierarchy, row) = Self.follow(hops, from: object) else { return nil }
                return object.storage.tables[hierarchy].attributes[column][row]
            }
            return KeyAccessor(
                read: { object throws(EvaluationError) in
                    guard object.layout === layout else { return try fallback(object) }
                    return readValue(object).map(EvaluationValue.init) ?? .null
                },
                probe: { kind in Self.probe(kind, layout: layout, readValue) })
        case .toMany(_, let column, let destination):
            return KeyAccessor { object throws(EvaluationError) in
                guard object.layout === layout else { return try fallback(object) }
                guard let (hierarchy, row) = Self.follow(hops, from: object) else { return .null }
                return .array(
                    object.storage.tables[hierarchy].toMany[column][row].map { object.related(destination, $0) })
            }
        case .object:
            return KeyAccessor { object throws(EvaluationError) in
                guard object.layout === layout else { return try fallback(object) }
                if hops.isEmpty { return .object(EvaluationObject(object)) }
                guard let (hierarchy, row) = Self.follow(hops, from: object) else { return .null }
                return object.related(hierarchy, Int32(row))
            }
        }
    }

    /// Unboxed reads of an attribute for typed comparisons: the value when it has exactly the
    /// expected Swift type, `nil` otherwise (the general comparison then decides).
    private static func probe(
        _ kind: TypedKind, layout: GraphLayout, _ readValue: @escaping @Sendable (GraphObject) -> PredicateValue?
    ) -> ProbeRead<GraphObject> {
        switch kind {
        case .int, .double, .number:
            return .number { object in
                guard object.layout === layout else { return nil }
                switch readValue(object) {
                case .int(let value)?: return .int(value)
                case .double(let value)?: return .double(value)
                default: return nil
                }
            }
        case .string:
            return .string { object in
                guard object.layout === layout, case .string(let value)? = readValue(object) else { return nil }
                return value
            }
        case .strings:
            return .strings { _ in nil }
        }
    }
}
