import Foundation
import Testing

@testable import KeyPaths

/// Schema files are read strictly and from anything that can be read (issue 17, items 4 and 17).
@Suite("Schema inputs: duplicate keys, empty input, pipes")
struct SchemaInputTests {
    @Test(
        "a JSON schema naming a key twice is refused with both places, not read with one of them",
        arguments: [
            (
                #"{"entities": [], "entities": [{"name": "A"}]}"#,
                #"line 1, column 18: duplicate key "entities" (first at line 1, column 2)"#
            ),
            (
                #"{"entities": [{"name": "A", "attributes": [{"name": "x", "type": "string", "type": "date"}]}]}"#,
                #"line 1, column 76: duplicate key "type" (first at line 1, column 58)"#
            ),
            ("  \n", "empty input"),
        ])
    func duplicateKeys(json: String, expected: String) {
        let errors = schemaErrors { () throws(SchemaErrors) in try JSONSchemaLoader.load(string: json) }
        #expect(errors?.errors.map(\.kind) == [.malformedDocument])
        #expect(errors?.description == expected)
    }

    @Test("an empty Xcode model is empty input too")
    func emptyModel() {
        let errors = schemaErrors { () throws(SchemaErrors) in try CoreDataModelLoader.load(string: " \n") }
        #expect(errors?.description == "empty input")
    }

    @Test("a schema is read from a FIFO like a file")
    func fifo() throws {
        let folder = NSTemporaryDirectory() + "schema-fifo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/model.json"
        #expect(mkfifo(path, 0o600) == 0)
        Thread.detachNewThread {
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            handle.write(Data(#"{"entities": [{"name": "A", "attributes": [{"name": "x", "type": "string"}]}]}"#.utf8))
            try? handle.close()
        }
        let schema = try Schema.load(contentsOf: URL(fileURLWithPath: path))
        #expect(schema.entities.map(\.name) == ["A"])
    }
}
