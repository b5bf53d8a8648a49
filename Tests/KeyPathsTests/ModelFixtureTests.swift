import Foundation
import Testing

@testable import KeyPaths

/// Xcode models that Xcode and Core Data accept and that real projects contain
/// (Tests/KeyPathsTests/Fixtures, written in Xcode's format).
@Suite("Core Data models from real projects")
struct ModelFixtureTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test("a transient attribute without a type (Xcode's Undefined) loads as transient and untyped")
    func undefinedTransient() throws {
        let schema = try Schema.load(contentsOf: Self.fixtures.appendingPathComponent("UndefinedTransient.xcdatamodel"))
        let attribute = try #require(schema.property(named: "durationText", in: "Track")?.attribute)
        #expect(attribute.type == .undefined)
        #expect(attribute.isTransient)
        // A non-transient attribute still needs a type.
        #expect(throws: SchemaErrors.self) {
            try CoreDataModelLoader.load(
                string: #"<model><entity name="A"><attribute name="x" optional="YES"/></entity></model>"#)
        }
    }

    @Test("an inverse that does not point back loads with a warning naming both sides, and is no usable inverse")
    func nonReciprocalInverse() throws {
        let schema = try Schema.load(
            contentsOf: Self.fixtures.appendingPathComponent("NonReciprocalInverse.xcdatamodel"))
        #expect(
            schema.validationWarnings().map(\.description) == [
                "'Artist.thumbnail': inverse 'Image.artist' has inverse 'images', expected 'thumbnail'"
            ])
        let broken = try schema.resolve(keyPath: "thumbnail.url", from: "Artist")
        #expect(broken.hops.first?.inverseIsToMany == nil)
        #expect(throws: KeyPathError.self) { try broken.requireInverses() }
        // The reciprocal pair keeps its inverse.
        let fine = try schema.resolve(keyPath: "images.url", from: "Artist")
        #expect(try fine.requireInverses() == ["artist"])
    }

    @Test("a model in the old binary format gets a message saying what it is and how to convert it")
    func binaryFormat() {
        do {
            _ = try Schema.load(contentsOf: Self.fixtures.appendingPathComponent("BinaryModel.xcdatamodel"))
            Issue.record("expected an error")
        } catch {
            #expect(error.errors.map(\.kind) == [.malformedDocument])
            #expect(error.description.contains("old binary format"))
            #expect(error.description.contains("open it in a current Xcode and save it"))
        }
    }

    @Test("an unreadable schema file says why")
    func unreadable() {
        for (path, reason) in [("/nonexistent/model.json", "no such file"), ("/tmp", "is a folder, not a file")] {
            do {
                _ = try JSONSchemaLoader.load(contentsOf: URL(fileURLWithPath: path))
                Issue.record("expected an error for \(path)")
            } catch {
                #expect(error.errors.first?.message == reason)
            }
        }
    }
}
