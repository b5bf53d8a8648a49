import KeyPaths
import Testing

/// The errors of KeyPaths as diagnostics: the catalogue id, the severity, the range and the
/// "did you mean" fix-it, written by hand.
@Suite("KeyPaths errors as diagnostics")
struct ErrorDiagnosticsTests {
    @Test func anUnknownKeyIsAnUnknownKeyErrorWithItsSuggestionAsAFixIt() throws {
        let schema = try SampleModel.load()
        let error = #expect(throws: KeyPathError.self) { try schema.resolve(keyPath: "bucket.nmae", from: "Content") }
        #expect(
            error?.diagnostics == [
                Diagnostic(
                    id: .unknownKey, message: "'Bucket' has no property 'nmae'", range: nil,
                    fixIts: [FixIt(replacing: nil, with: "name")])
            ])
        // Placed in a source, the fix-it replaces the component under the caret.
        let placed = error?.diagnostic(at: SourceRange(7, 11))
        #expect(placed?.range == SourceRange(7, 11))
        #expect(placed?.severity == .error)
        #expect(placed?.fixIts == [FixIt(replacing: SourceRange(7, 11), with: "name")])
        // The description keeps the suggestion in its text, worded once.
        #expect(error?.description == "'Bucket' has no property 'nmae'; did you mean 'name'?")
    }

    @Test func anUnknownCollectionOperatorSuggestsItsSpelling() throws {
        let schema = try SampleModel.load()
        let error = #expect(throws: KeyPathError.self) { try schema.resolve(keyPath: "contents.@cnt", from: "Bucket") }
        #expect(error?.diagnostics.map(\.id) == [.invalidCollectionOperator])
        #expect(error?.diagnostics.first?.fixIts == [FixIt(replacing: nil, with: "@count")])
    }

    @Test func anUnknownRootEntityIsUnknownEntity() throws {
        let schema = try SampleModel.load()
        let error = #expect(throws: KeyPathError.self) { try schema.resolve(keyPath: "name", from: "Contnet") }
        #expect(
            error?.diagnostics == [
                Diagnostic(
                    id: .unknownEntity, message: "no entity named 'Contnet'", range: nil,
                    fixIts: [FixIt(replacing: nil, with: "Content")])
            ])
    }

    @Test func schemaErrorsGiveOneDiagnosticEachWithTheKindsId() {
        let entities = [
            EntityDescription(name: "Content"),
            EntityDescription(name: "ImageContent", parent: "Contnet"),
            EntityDescription(name: "Content"),
        ]
        let errors = schemaErrors { () throws(SchemaErrors) in
            let schema = Schema(entities: entities)
            try schema.validate()
            return schema
        }
        #expect(Set(errors?.diagnostics.map(\.id) ?? []) == [.schemaDuplicateEntity, .schemaUnknownParent])
        #expect(errors?.diagnostics.count == 2)
        #expect(errors?.diagnostics.allSatisfy { $0.severity == .error && $0.range == nil } == true)
        #expect(
            errors?.diagnostics.first { $0.id == .schemaUnknownParent }?.message
                == "'ImageContent': parent entity 'Contnet' does not exist; did you mean 'Content'?")
    }
}
