import Evaluation
import Foundation
import KeyPaths

/// A hand-written storage layout of the sample Content model for the lowering's golden tests:
/// `Content` and its sub-entities share the table `content` (discriminator `kind`), a Bucket
/// is a row of `bucket`, the tags link through `content_tag`, dates are seconds since
/// 2001-01-01.
struct SampleLayout: SQLStorageLayout {
    func table(for entity: String) -> SQLTableLayout? {
        switch entity {
        case "Content":
            return SQLTableLayout(name: "content", primaryKey: "pk")
        case "ImageContent":
            return SQLTableLayout(
                name: "content", primaryKey: "pk",
                discriminator: SQLDiscriminator(column: "kind", values: [.integer(2), .integer(3)]))
        case "ThumbnailContent":
            return SQLTableLayout(
                name: "content", primaryKey: "pk",
                discriminator: SQLDiscriminator(column: "kind", values: [.integer(3)]))
        case "Bucket": return SQLTableLayout(name: "bucket", primaryKey: "pk")
        case "User": return SQLTableLayout(name: "user", primaryKey: "pk")
        case "Tag": return SQLTableLayout(name: "tag", primaryKey: "pk")
        default: return nil
        }
    }

    func column(forAttribute name: String, of entity: String) -> String? {
        name == "secret" ? nil : "c_" + name
    }

    func storage(ofRelationship name: String, of entity: String) -> SQLRelationshipStorage? {
        switch (entity, name) {
        case (_, "bucket"): return .foreignKey(column: "bucket_pk")
        case ("Bucket", "owner"), ("Content", "owner"), ("ImageContent", "owner"), ("ThumbnailContent", "owner"):
            return .foreignKey(column: "owner_pk")
        case ("Bucket", "contents"): return .inverseForeignKey(column: "bucket_pk", orderColumn: nil)
        case ("User", "contents"): return .inverseForeignKey(column: "owner_pk", orderColumn: nil)
        case ("User", "buckets"): return .inverseForeignKey(column: "owner_pk", orderColumn: nil)
        case (_, "tags"):
            return .joinTable(
                table: "content_tag", sourceColumn: "content_pk", destinationColumn: "tag_pk", orderColumn: nil)
        case ("Tag", "contents"):
            return .joinTable(
                table: "content_tag", sourceColumn: "tag_pk", destinationColumn: "content_pk", orderColumn: nil)
        default: return nil
        }
    }

    func bound(_ value: EvaluationValue, as type: AttributeType) -> SQLValue? {
        switch value {
        case .date(let date): return .double(date.timeIntervalSinceReferenceDate)
        case .uuid(let uuid): return .text(uuid.uuidString)
        default: return nil
        }
    }
}
