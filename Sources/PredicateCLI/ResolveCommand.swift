import Foundation
import KeyPaths
import Predicates

/// `predicate resolve KEYPATH --schema FILE --entity NAME [--json]`: resolves a key path
/// against a schema and prints its hops as a table and its destination:
///
/// ```
/// $ predicate resolve bucket.owner.name --schema Samples/schema.json --entity Content
/// Content.bucket.owner.name
/// from            to      shape   inverse
/// --------------  ------  ------  --------
/// Content.bucket  Bucket  to-one  contents
/// Bucket.owner    User    to-one  buckets
/// destination: User.name, an attribute of type string
/// ```
///
/// With `--json`, the same as JSON (pretty-printed, sorted keys):
///
/// ```
/// $ predicate resolve bucket.owner.name --schema Samples/schema.json --entity Content --json
/// {
///   "collection" : false,
///   "destination" : { "entity" : "User", "kind" : "attribute", "optional" : false,
///                     "property" : "name", "type" : "string" },
///   "hops" : [
///     { "destinationEntity" : "Bucket", "inverse" : "contents", "sourceEntity" : "Content",
///       "sourceProperty" : "bucket", "toMany" : false },
///     { "destinationEntity" : "User", "inverse" : "buckets", "sourceEntity" : "Bucket",
///       "sourceProperty" : "owner", "toMany" : false }
///   ],
///   "keyPath" : "bucket.owner.name",
///   "root" : "Content"
/// }
/// ```
/// A key path that does not resolve prints the error with a caret under the offending
/// component and a did-you-mean note on standard error, exit status 2; a schema that cannot
/// be loaded exits with status 1.
struct ResolveCommand: ToolCommand {
    static let name = "resolve"
    static let summary = "resolve a key path against a schema and print its hops"
    static let usage = """
        predicate resolve KEYPATH --schema FILE --entity NAME [--json]
          KEYPATH        a dotted key path, e.g. bucket.owner.name or contents.@sum.size
          --schema FILE  a JSON schema (.json), an Xcode model (.xcdatamodeld or .xcdatamodel
                         folder) or a model's 'contents' file
          --entity NAME  the entity the key path starts from
          --json         print the hops and the destination as JSON
        """

    var keyPath: String
    var schema: SchemaOption
    var json: Bool

    init(arguments scanner: inout ArgumentScanner) throws(UsageError) {
        json = scanner.flag("--json")
        schema = try SchemaOption(arguments: &scanner)
        keyPath = try scanner.positional("KEYPATH")
    }

    func run(io: ToolIO) -> Int32 {
        let loaded: Schema
        switch schema.load(command: Self.name, io: io) {
        case .success(let value): loaded = value
        case .failure(let failure): return failure.status
        }
        // The key path is read as a predicate reads it (one rule everywhere): reserved words
        // are written with `#` (`#size`), and anything that is not a key path is an error.
        let dotted: String
        do {
            let expression = try PredicateParser().parseExpression(keyPath)
            guard case .keyPath(let components) = expression.kind else {
                io.reportError("predicate resolve: '\(InputFile.brief(keyPath))' is not a key path\n")
                return ExitStatus.invalidInput
            }
            dotted = components.map(\.spelling).joined(separator: ".")
        } catch {
            io.reportDiagnostics(error.diagnostics, in: error.diagnosticSource)
            return ExitStatus.invalidInput
        }
        let resolved: ResolvedKeyPath
        do {
            resolved = try loaded.resolve(keyPath: dotted, from: schema.entity)
        } catch {
            if error.componentIndex == nil {
                io.reportError("predicate resolve: \(error)\n")
            } else {
                io.reportError(
                    DiagnosticFormatter().format([Diagnostic(error, inKeyPath: keyPath)], in: keyPath) + "\n")
            }
            return ExitStatus.invalidInput
        }
        guard json else {
            io.write(Self.table(resolved))
            return ExitStatus.success
        }
        do {
            io.write(try ResolvedKeyPathJSON(resolved).encoded() + "\n")
            return ExitStatus.success
        } catch {
            io.reportError("predicate resolve: cannot write the result: \(error)\n")
            return ExitStatus.failure
        }
    }
}

extension ResolveCommand {
    /// The human-readable form: the path from its root, a table of hops (none for a key of the
    /// root), and the destination in words.
    static func table(_ path: ResolvedKeyPath) -> String {
        var text = path.root + "." + path.keyPath + "\n"
        let hops = path.allHops.map { hop in
            [
                hop.sourceEntity + "." + hop.sourceProperty, hop.destinationEntity, hop.isToMany ? "to-many" : "to-one",
                hop.inverse ?? "(none)",
            ]
        }
        if !hops.isEmpty {
            text += ResultTable(headers: ["from", "to", "shape", "inverse"], rows: hops, cutsCells: false).text
        }
        let entity = path.destinationEntity
        switch path.destination {
        case .attribute(let attribute):
            text += "destination: \(entity).\(attribute.name), an attribute of type \(attribute.type.rawValue)"
            text += attribute.isOptional ? " (optional)" : ""
        case .relationship(let relationship):
            text += "destination: \(entity).\(relationship.name), a "
            text += relationship.isToMany ? "to-many" : "to-one"
            text += " relationship to \(relationship.destination)"
            text += relationship.inverse.map { " (inverse \($0))" } ?? " (no inverse)"
        case .aggregate(let operation, _):
            text += "destination: \(operation.spelling) of \(entity)"
            text += path.destinationPropertyName.map { "." + $0 } ?? ""
            text += ResolvedKeyPathJSON.resultType(of: operation, in: path).map { ", of type \($0)" } ?? ""
        }
        text += path.isCollection ? "\nmany values: compare them with ANY, ALL or NONE, or count them with @count" : ""
        return text + "\n"
    }
}

/// The `--schema FILE --entity NAME` pair shared by `resolve` and `lint`.
struct SchemaOption {
    /// The schema file or model folder.
    var path: String
    /// The root entity.
    var entity: String

    init(arguments scanner: inout ArgumentScanner) throws(UsageError) {
        path = try scanner.requiredValue(for: "--schema")
        entity = try scanner.requiredValue(for: "--entity")
    }

    /// Loads and validates the schema (`.json`, else an Xcode model; `-` for standard input);
    /// on failure prints every problem and returns the exit status (1 unreadable, 2 invalid).
    func load(command: String, io: ToolIO) -> Result<Schema, CommandFailure> {
        switch StoreInputs.schema(path) {
        case .success(let schema):
            StoreInputs.reportWarnings(schema, io: io)
            return .success(schema)
        case .failure(let failure):
            io.reportError("predicate \(command): \(failure.message)\n")
            return .failure(failure)
        }
    }
}

/// The JSON printed by `predicate resolve`.
struct ResolvedKeyPathJSON: Encodable {
    /// One relationship step.
    struct Hop: Encodable {
        var sourceEntity: String
        var sourceProperty: String
        var destinationEntity: String
        var inverse: String?
        var toMany: Bool

        enum CodingKeys: String, CodingKey {
            case sourceEntity, sourceProperty, destinationEntity, inverse, toMany
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(sourceEntity, forKey: .sourceEntity)
            try container.encode(sourceProperty, forKey: .sourceProperty)
            try container.encode(destinationEntity, forKey: .destinationEntity)
            try container.encode(inverse, forKey: .inverse)  // null when there is none
            try container.encode(toMany, forKey: .toMany)
        }
    }

    /// What the path ends on: `kind` is `attribute`, `relationship` or `aggregate`.
    struct Destination: Encodable {
        var kind: String
        var entity: String
        var property: String?
        var type: String?
        var optional: Bool?
        var `operator`: String?
        var destinationEntity: String?
        var inverse: String??
        var toMany: Bool?

        enum CodingKeys: String, CodingKey {
            case kind, entity, property, type, optional, `operator`, destinationEntity, inverse, toMany
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(entity, forKey: .entity)
            try container.encodeIfPresent(property, forKey: .property)
            try container.encodeIfPresent(type, forKey: .type)
            try container.encodeIfPresent(optional, forKey: .optional)
            try container.encodeIfPresent(`operator`, forKey: .`operator`)
            try container.encodeIfPresent(destinationEntity, forKey: .destinationEntity)
            if let inverse { try container.encode(inverse, forKey: .inverse) }
            try container.encodeIfPresent(toMany, forKey: .toMany)
        }
    }

    var root: String
    var keyPath: String
    var collection: Bool
    var hops: [Hop]
    var destination: Destination

    init(_ path: ResolvedKeyPath) {
        root = path.root
        keyPath = path.keyPath
        collection = path.isCollection
        hops = path.allHops.map { hop in
            Hop(
                sourceEntity: hop.sourceEntity, sourceProperty: hop.sourceProperty,
                destinationEntity: hop.destinationEntity, inverse: hop.inverse, toMany: hop.isToMany)
        }
        let entity = path.destinationEntity
        switch path.destination {
        case .attribute(let attribute):
            destination = Destination(
                kind: "attribute", entity: entity, property: attribute.name,
                type: attribute.type.rawValue, optional: attribute.isOptional)
        case .relationship(let relationship):
            destination = Destination(
                kind: "relationship", entity: entity, property: relationship.name,
                optional: relationship.isOptional, destinationEntity: relationship.destination,
                inverse: .some(relationship.inverse), toMany: relationship.isToMany)
        case .aggregate(let operation, _):
            destination = Destination(
                kind: "aggregate", entity: entity, property: path.destinationPropertyName,
                type: Self.resultType(of: operation, in: path), operator: operation.spelling)
        }
    }

    /// The attribute type of an aggregate's value: `@count` is `integer64`, `@avg` `double`,
    /// `@sum`/`@min`/`@max` and the unions the aggregated attribute's type.
    static func resultType(of operation: AggregateOperator, in path: ResolvedKeyPath) -> String? {
        switch operation {
        case .count: return AttributeType.integer64.rawValue
        case .avg: return AttributeType.double.rawValue
        default: return path.destinationProperty?.attribute?.type.rawValue
        }
    }

    /// Pretty-printed JSON with sorted keys.
    func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
