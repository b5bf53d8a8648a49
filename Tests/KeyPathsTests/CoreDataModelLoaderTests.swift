import Foundation
import KeyPaths
import Testing

/// Wraps entity XML in a model element, one entity element per line after the first line.
private func model(_ body: String) -> String {
    "<model type=\"com.apple.IDECoreDataModeler.DataModel\">\n" + body + "\n</model>"
}

@Suite("Core Data model loader")
struct CoreDataModelLoaderTests {
    @Test(
        "the shipped sample loads from the bundle, the version folder and the contents file",
        arguments: [SampleModel.bundle, SampleModel.version, SampleModel.contents])
    func sample(url: URL) throws {
        #expect(try CoreDataModelLoader.load(contentsOf: url) == SampleModel.expected)
        #expect(try Schema.load(contentsOf: url) == SampleModel.expected)
    }

    @Test("the sample model and Samples/schema.json load to equal schemas")
    func sampleFormatsAgree() throws {
        #expect(
            try CoreDataModelLoader.load(contentsOf: SampleModel.bundle)
                == JSONSchemaLoader.load(contentsOf: SampleModel.json))
    }

    @Test("contentsFile resolves the current version named by .xccurrentversion")
    func currentVersion() throws {
        let file = try CoreDataModelLoader.contentsFile(for: SampleModel.bundle)
        #expect(file.standardizedFileURL == SampleModel.contents.standardizedFileURL)
    }

    @Test("every Xcode attribute type", arguments: AttributeType.allCases)
    func attributeTypes(type: AttributeType) throws {
        // Undefined is allowed for transient attributes only.
        let transient = type == .undefined ? #" transient="YES""# : ""
        let schema = try CoreDataModelLoader.load(
            string: model(
                """
                <entity name="A"><attribute name="x" optional="YES"\(transient) attributeType="\(type.coreDataName)"/></entity>
                """))
        #expect(
            schema.allAttributes(of: "A") == [
                AttributeDescription(name: "x", type: type, isOptional: true, isTransient: type == .undefined)
            ])
    }

    @Test("flags, parents, delete rules and ignored elements")
    func elements() throws {
        let schema = try CoreDataModelLoader.load(
            string: model(
                """
                <entity name="Base" isAbstract="YES" representedClassName="BaseMO" syncable="YES">
                    <attribute name="cache" attributeType="Binary" transient="YES" allowsExternalBinaryDataStorage="YES"/>
                    <relationship name="items" toMany="YES" ordered="YES" deletionRule="Cascade" destinationEntity="Item" inverseName="base" inverseEntity="Item"/>
                    <fetchedProperty name="recent" optional="YES"><fetchRequest name="fetchedPropertyFetchRequest" entity="Item"/></fetchedProperty>
                    <userInfo><entry key="attribute" value="ignored"/></userInfo>
                    <uniquenessConstraints><uniquenessConstraint><constraint value="cache"/></uniquenessConstraint></uniquenessConstraints>
                </entity>
                <entity name="Item" parentEntity="Base">
                    <relationship name="base" maxCount="1" deletionRule="Nullify" destinationEntity="Base" inverseName="items" inverseEntity="Base"/>
                </entity>
                <fetchRequest name="All" entity="Item"/>
                <configuration name="Cloud"><memberEntity name="Item"/></configuration>
                """))
        #expect(
            schema.entities == [
                EntityDescription(
                    name: "Base", isAbstract: true,
                    attributes: [AttributeDescription(name: "cache", type: .binary, isTransient: true)],
                    relationships: [
                        RelationshipDescription(
                            name: "items", destination: "Item", inverse: "base", isToMany: true, isOrdered: true,
                            deleteRule: .cascade)
                    ],
                    className: "BaseMO"),
                EntityDescription(
                    name: "Item", parent: "Base",
                    relationships: [RelationshipDescription(name: "base", destination: "Base", inverse: "items")]),
            ])
    }

    @Test(
        "missing or invalid element attributes name the line and the element",
        arguments: [
            (
                model("<entity name=\"A\">\n<attribute name=\"size\"/>\n</entity>"),
                [
                    "line 3: attribute 'size' of entity 'A' has no 'attributeType' (only a transient attribute may be Undefined)"
                ], [SchemaError.Kind.missingField]
            ),
            (
                model("<entity name=\"A\">\n<attribute attributeType=\"String\"/>\n</entity>"),
                ["line 3: an <attribute> of entity 'A' has no 'name'"], [.missingField]
            ),
            (model("<entity representedClassName=\"A\"/>"), ["line 2: an <entity> has no 'name'"], [.missingField]),
            (
                model("<entity name=\"A\">\n<relationship name=\"r\" toMany=\"YES\"/>\n</entity>"),
                ["line 3: relationship 'r' of entity 'A' has no 'destinationEntity'"], [.missingField]
            ),
            (
                model("<entity name=\"A\">\n<attribute name=\"x\" attributeType=\"Object ID\"/>\n</entity>"),
                [
                    "line 3: attribute 'x' of entity 'A': unknown attribute type 'Object ID'; expected one of String, "
                        + "Integer 16, Integer 32, Integer 64, Double, Float, Decimal, Boolean, Date, Binary, UUID, URI, Transformable, Undefined"
                ],
                [.unknownAttributeType]
            ),
            (
                model("<entity name=\"A\">\n<attribute name=\"x\" attributeType=\"Integer 8\"/>\n</entity>"),
                ["line 3: attribute 'x' of entity 'A': unknown attribute type 'Integer 8'; did you mean 'Integer 16'?"],
                [.unknownAttributeType]
            ),
            (
                model(
                    "<entity name=\"A\">\n<attribute name=\"x\" optional=\"true\" attributeType=\"String\"/>\n</entity>"
                ),
                ["line 3: attribute 'x' of entity 'A': 'optional' must be YES or NO, not 'true'"], [.invalidField]
            ),
            (
                model(
                    "<entity name=\"A\" isAbstract=\"1\">\n<attribute name=\"x\"/>\n<relationship name=\"r\"/>\n</entity>"
                ),
                [
                    "line 2: entity 'A': 'isAbstract' must be YES or NO, not '1'",
                    "line 3: attribute 'x' of entity 'A' has no 'attributeType' (only a transient attribute may be Undefined)",
                    "line 4: relationship 'r' of entity 'A' has no 'destinationEntity'",
                ],
                [.invalidField, .missingField, .missingField]
            ),
            (
                "<plist version=\"1.0\"><dict/></plist>", ["line 1: the root element is <plist>, expected <model>"],
                [.malformedDocument]
            ),
        ])
    func invalidElements(xml: String, expected: [String], kinds: [SchemaError.Kind]) {
        let errors = schemaErrors { () throws(SchemaErrors) in try CoreDataModelLoader.load(string: xml) }
        #expect(errors?.errors.map(\.description) == expected)
        #expect(errors?.errors.map(\.kind) == kinds)
    }

    @Test(
        "malformed XML reports the parser's line and column",
        arguments: [
            (
                model("<entity name=\"A\">\n</entty>"), 3,
                "the end tag </entty> does not match <entity> opened at line 2"
            ),
            (
                model("<entity name=\"A\">\n<attribute name=x/>\n</entity>"), 3,
                "the value of 'name' in <attribute> must be in quotes"
            ),
            ("<model>\n<entity name=\"A\">", 2, nil),
        ] as [(String, Int, String?)])
    func malformedXML(xml: String, line: Int, message: String?) {
        let errors = schemaErrors { () throws(SchemaErrors) in try CoreDataModelLoader.load(string: xml) }
        let error = errors?.errors.first
        #expect(errors?.errors.count == 1)
        #expect(error?.kind == .malformedDocument)
        #expect(error?.location?.hasPrefix("line \(line), column ") == true)
        #expect(error?.message.hasPrefix("malformed XML: ") == true)
        if let message { #expect(error?.message == "malformed XML: " + message) }
    }

    @Test("a document without a root element is malformed", arguments: ["", "<?xml version=\"1.0\"?>\n<!-- none -->"])
    func noRootElement(xml: String) {
        let errors = schemaErrors { () throws(SchemaErrors) in try CoreDataModelLoader.load(string: xml) }
        #expect(errors?.errors.map(\.kind) == [.malformedDocument])
    }

    @Test("the model is validated unless asked not to")
    func validation() throws {
        let xml = model(
            """
            <entity name="Content"><relationship name="bucket" destinationEntity="Bucket" inverseName="contents"/></entity>
            <entity name="Bucket"><attribute name="name" attributeType="String"/></entity>
            """)
        let errors = schemaErrors { () throws(SchemaErrors) in try CoreDataModelLoader.load(string: xml) }
        #expect(errors?.description == "'Content.bucket': inverse 'contents' not found on 'Bucket'")
        #expect(try CoreDataModelLoader.load(string: xml, validate: false).entityNames == ["Content", "Bucket"])
    }
}

@Suite("Core Data model bundles")
struct CoreDataModelBundleTests {
    /// A temporary `M.xcdatamodeld` with the given versions (each holding a one-entity model
    /// whose entity is named after the version) and an optional `.xccurrentversion`.
    private func makeBundle(versions: [String], current: String?) throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("keypaths-tests-\(UUID().uuidString)")
            .appendingPathComponent("M.xcdatamodeld")
        for version in versions {
            let folder = root.appendingPathComponent("\(version).xcdatamodel")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let entity = version.replacingOccurrences(of: " ", with: "")
            try Data(model("<entity name=\"\(entity)\"/>").utf8).write(to: folder.appendingPathComponent("contents"))
        }
        if let current {
            let plist = """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>\(current)</string></dict></plist>
                """
            try Data(plist.utf8).write(to: root.appendingPathComponent(".xccurrentversion"))
        }
        return root
    }

    @Test("without .xccurrentversion the last version in numeric order is used")
    func lastVersion() throws {
        let bundle = try makeBundle(versions: ["M", "M 2", "M 10"], current: nil)
        defer { try? FileManager.default.removeItem(at: bundle.deletingLastPathComponent()) }
        #expect(try CoreDataModelLoader.load(contentsOf: bundle).entityNames == ["M10"])
    }

    @Test(".xccurrentversion wins over the order of names")
    func namedVersion() throws {
        let bundle = try makeBundle(versions: ["M", "M 2"], current: "M.xcdatamodel")
        defer { try? FileManager.default.removeItem(at: bundle.deletingLastPathComponent()) }
        #expect(try CoreDataModelLoader.load(contentsOf: bundle).entityNames == ["M"])
    }

    @Test("a .xccurrentversion naming a missing version is an error")
    func missingNamedVersion() throws {
        let bundle = try makeBundle(versions: ["M"], current: "Gone.xcdatamodel")
        defer { try? FileManager.default.removeItem(at: bundle.deletingLastPathComponent()) }
        let errors = schemaErrors { () throws(SchemaErrors) in try CoreDataModelLoader.load(contentsOf: bundle) }
        #expect(
            errors?.description == "\(bundle.path): '.xccurrentversion' names 'Gone.xcdatamodel', which does not exist")
    }

    @Test("an empty bundle and a missing path are errors")
    func emptyAndMissing() throws {
        let bundle = try makeBundle(versions: [], current: nil)
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bundle.deletingLastPathComponent()) }
        let empty = schemaErrors { () throws(SchemaErrors) in try CoreDataModelLoader.load(contentsOf: bundle) }
        #expect(empty?.description == "\(bundle.path): the bundle contains no .xcdatamodel folder")
        let missing = URL(fileURLWithPath: "/nonexistent/M.xcdatamodeld")
        let gone = schemaErrors { () throws(SchemaErrors) in try CoreDataModelLoader.load(contentsOf: missing) }
        #expect(gone?.description == "/nonexistent/M.xcdatamodeld: no such file or folder")
        #expect(gone?.errors.map(\.kind) == [.unreadableFile])
    }
}
