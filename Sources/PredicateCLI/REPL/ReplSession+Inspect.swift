import KeyPaths
import ObjectStore
import Predicates

extension ReplSession {
    /// The message when a command needs a predicate and none was typed yet.
    static let noPredicate = "no predicate yet; type one first, e.g. bucket.name == 'Inbox'"

    /// `:tree`: the syntax tree of the last predicate.
    func tree() -> ReplReply {
        guard let (_, node) = lastPredicate else { return .error(Self.noPredicate) }
        return .output(node.treeDescription)
    }

    /// `:canonical`: the last predicate as Apple's `predicateFormat` prints it.
    func canonical() -> ReplReply {
        guard let (_, node) = lastPredicate else { return .error(Self.noPredicate) }
        return .output(node.predicateFormat)
    }

    /// `:explain`: the last predicate's key paths with their hops, the constants folded before
    /// evaluation, the variables it needs and the (entity, property) pairs whose change can
    /// alter its rows.
    ///
    /// ```
    /// predicate: bucket.name == "Inbox"   (on Content)
    /// key paths:
    ///   bucket.name  Content.bucket → Bucket (to-one, inverse contents); Bucket.name: string
    /// folded constants: none
    /// dependencies (a change to these can alter the rows):
    ///   Bucket.contents  membership
    ///   …
    /// ```
    func explain() -> ReplReply {
        guard let (format, node) = lastPredicate else { return .error(Self.noPredicate) }
        var lines = ["predicate: " + node.predicateFormat + (entity.map { "   (on \($0))" } ?? "")]
        let folds = FoldedConstants(variables: variables).folds(in: node)
        guard let schema, let entity, case .graph = objects else {
            lines.append(contentsOf: foldLines(folds))
            lines.append("key paths and dependencies need a schema and a graph (:schema FILE, :load FILE)")
            return .output(lines.joined(separator: "\n"))
        }
        let checked: CheckedPredicate
        switch StoreInputs.check(node, format: format, schema: schema, entity: entity) {
        case .success(let result): checked = result
        case .failure(let failure): return .error(failure.message)
        }
        lines.append("key paths:")
        let rows = checked.keyPaths.map { keyPath in
            [keyPath.text, keyPath.resolved.map(Self.describe) ?? "(read from \(Self.describe(keyPath.base)))"]
        }
        lines +=
            rows.isEmpty ? ["  none"] : ResultTable(headers: nil, rows: rows, cutsCells: false).lines.map { "  " + $0 }
        lines += foldLines(folds)
        if !checked.variables.isEmpty {
            lines.append(
                "variables: "
                    + checked.variables.keys.sorted().map { name in
                        "$\(name) " + (variables[name].map { "= " + $0.jsonText() } ?? "(not set)")
                    }.joined(separator: ", "))
        }
        do {
            let dependencies = try QueryDependencies(checked, sortKeyPaths: sortKeys.map(\.keyPath))
            lines.append("dependencies (a change to these can alter the rows):")
            let pairs = dependencies.properties.keys.sorted().map { pair in
                [pair.description, dependencies.properties[pair]?.description ?? ""]
            }
            lines += ResultTable(headers: nil, rows: pairs, cutsCells: false).lines.map { "  " + $0 }
        } catch {
            lines.append("dependencies: cannot be derived: \(error.description)")
        }
        return .output(lines.joined(separator: "\n"))
    }

    private func foldLines(_ folds: [(expression: String, value: String)]) -> [String] {
        guard !folds.isEmpty else { return ["folded constants: none"] }
        return ["folded constants:"] + folds.map { "  \($0.expression) → \($0.value)" }
    }

    /// `Content.bucket → Bucket (to-one, inverse contents), Bucket.owner → User (…); User.name: string`.
    static func describe(_ path: ResolvedKeyPath) -> String {
        let hops = path.hops.map { hop in
            "\(hop.sourceEntity).\(hop.sourceProperty) → \(hop.destinationEntity) ("
                + (hop.isToMany ? "to-many" : "to-one") + (hop.inverse.map { ", inverse \($0)" } ?? ", no inverse")
                + ")"
        }
        let end: String
        switch path.destination {
        case .attribute(let attribute):
            end = "\(path.destinationEntity).\(attribute.name): \(attribute.type.rawValue)"
        case .relationship(let relationship):
            end = "\(path.destinationEntity).\(relationship.name) → \(relationship.destination)"
        case .aggregate(let operation, let rest):
            end = operation.spelling + (rest.map { " then " + describe($0) } ?? "")
        }
        return (hops.isEmpty ? "" : hops.joined(separator: ", ") + "; ") + end
    }

    /// Where a key path that is not read from the object starts.
    static func describe(_ base: CheckedKeyPath.Base) -> String {
        switch base {
        case .evaluatedObject: "the object"
        case .variable(let name): "$" + name
        case .object: "an object expression"
        case .collection: "a collection expression"
        }
    }
}
