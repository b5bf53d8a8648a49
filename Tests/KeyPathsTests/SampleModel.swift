import Foundation
import KeyPaths

/// The shipped sample model (Samples/ at the package root) and its expected contents,
/// written by hand from the brief.
enum SampleModel {
    /// `<package>/Samples`, found from this file's path.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // KeyPathsTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Samples")

    static let bundle = folder.appendingPathComponent("ContentModel.xcdatamodeld")
    static let version = bundle.appendingPathComponent("ContentModel.xcdatamodel")
    static let contents = version.appendingPathComponent("contents")
    static let json = folder.appendingPathComponent("schema.json")

    /// The sample schema, loaded from the Core Data model.
    static func load() throws -> Schema {
        try CoreDataModelLoader.load(contentsOf: bundle)
    }

    /// The model as the brief describes it, entity by entity (Xcode's alphabetical order).
    static let expected = Schema(entities: [
        EntityDescription(
            name: "Bucket",
            attributes: [
                AttributeDescription(name: "creationDate", type: .date),
                AttributeDescription(name: "name", type: .string),
            ],
            relationships: [
                RelationshipDescription(
                    name: "contents", destination: "Content", inverse: "bucket", isToMany: true, isOptional: true),
                RelationshipDescription(name: "owner", destination: "User", inverse: "buckets", isOptional: true),
            ],
            className: "Bucket"),
        EntityDescription(
            name: "Content",
            attributes: [
                AttributeDescription(name: "creationDate", type: .date),
                AttributeDescription(name: "name", type: .string),
                AttributeDescription(name: "size", type: .integer64),
            ],
            relationships: [
                RelationshipDescription(name: "bucket", destination: "Bucket", inverse: "contents", isOptional: true),
                RelationshipDescription(name: "owner", destination: "User", inverse: "contents", isOptional: true),
                RelationshipDescription(
                    name: "tags", destination: "Tag", inverse: "contents", isToMany: true, isOptional: true),
            ],
            className: "Content"),
        EntityDescription(
            name: "ImageContent", parent: "Content",
            attributes: [
                AttributeDescription(name: "height", type: .integer32),
                AttributeDescription(name: "width", type: .integer32),
            ],
            className: "ImageContent"),
        EntityDescription(
            name: "Tag",
            attributes: [AttributeDescription(name: "name", type: .string)],
            relationships: [
                RelationshipDescription(
                    name: "contents", destination: "Content", inverse: "tags", isToMany: true, isOptional: true)
            ],
            className: "Tag"),
        EntityDescription(
            name: "ThumbnailContent", parent: "ImageContent",
            attributes: [AttributeDescription(name: "maxPixelSize", type: .integer16)],
            className: "ThumbnailContent"),
        EntityDescription(
            name: "User",
            attributes: [
                AttributeDescription(name: "email", type: .string, isOptional: true),
                AttributeDescription(name: "name", type: .string),
            ],
            relationships: [
                // Deleting a User deletes its Buckets and its Contents (deletionRule="Cascade").
                RelationshipDescription(
                    name: "buckets", destination: "Bucket", inverse: "owner", isToMany: true, isOptional: true,
                    deleteRule: .cascade),
                RelationshipDescription(
                    name: "contents", destination: "Content", inverse: "owner", isToMany: true, isOptional: true,
                    deleteRule: .cascade),
            ],
            className: "User"),
    ])
}

/// Runs `body` and returns the `SchemaErrors` it throws, or `nil` when it does not throw.
func schemaErrors(_ body: () throws(SchemaErrors) -> Schema) -> SchemaErrors? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
