import Foundation

/// Loads a schema from an Xcode Core Data model.
///
/// Xcode stores a model as a folder `Name.xcdatamodeld` holding one folder per version
/// (`Name.xcdatamodel`), each with an XML file `contents`:
/// ```xml
/// <model type="com.apple.IDECoreDataModeler.DataModel" …>
///     <entity name="Content" representedClassName="Content" syncable="YES">
///         <attribute name="name" attributeType="String"/>
///         <attribute name="size" optional="YES" attributeType="Integer 64" usesScalarValueType="YES"/>
///         <relationship name="bucket" optional="YES" maxCount="1" deletionRule="Nullify"
///                       destinationEntity="Bucket" inverseName="contents" inverseEntity="Bucket"/>
///     </entity>
///     <entity name="ImageContent" parentEntity="Content" …/>
/// </model>
/// ```
/// Read: `entity` (`name`, `parentEntity`, `isAbstract`, `representedClassName`),
/// `attribute` (`name`, `attributeType` in Xcode's spelling such as `Integer 64`, `optional`,
/// `transient`) and `relationship` (`name`, `destinationEntity`, `inverseName`, `toMany`,
/// `ordered`, `optional`, `deletionRule`). Flags are `YES`/`NO`, absent meaning `NO`; an absent
/// `deletionRule` means `Nullify`. Other elements and attributes (`maxCount`, fetch requests,
/// configurations, layout) are ignored.
///
/// Errors name the line: `line 7: attribute 'size' of entity 'Content' has no 'attributeType'`,
/// `line 9: relationship 'tags' of entity 'Content': 'deletionRule': unknown delete rule
/// 'Cascde'; did you mean 'Cascade'?`, and malformed XML gives the line and column reported by
/// the parser.
public enum CoreDataModelLoader {
    /// Loads the model at `url`, which may be the `.xcdatamodeld` bundle (its current version,
    /// see ``contentsFile(for:)``), a `.xcdatamodel` folder, or a `contents` file.
    /// Validates the schema when `validate` is `true` (the default).
    public static func load(contentsOf url: URL, validate: Bool = true) throws(SchemaErrors) -> Schema {
        let file = try contentsFile(for: url)
        return try load(data: readFile(file), validate: validate)
    }

    /// Parses the `contents` XML `text`; see ``load(data:validate:)``.
    public static func load(string text: String, validate: Bool = true) throws(SchemaErrors) -> Schema {
        try load(data: Data(text.utf8), validate: validate)
    }

    /// Parses `contents` XML. Throws `empty input` for text that is only whitespace, else the
    /// first XML syntax error, else every missing or invalid element attribute, else (when
    /// `validate` is `true`) every validation problem.
    public static func load(data: Data, validate: Bool = true) throws(SchemaErrors) -> Schema {
        guard data.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw SchemaErrors([SchemaError(.malformedDocument, message: "empty input")])
        }
        let events: [XMLReader.Event]
        do {
            events = try XMLReader.events(of: Array(data))
        } catch {
            throw SchemaErrors([
                SchemaError(
                    .malformedDocument, location: "line \(error.line), column \(error.column)",
                    message: "malformed XML: \(error.message)")
            ])
        }
        var reader = CoreDataModelReader()
        try reader.read(events)
        guard reader.sawModel else {
            throw SchemaErrors([
                SchemaError(.malformedDocument, location: "document", message: "the document has no <model> element")
            ])
        }
        if !reader.errors.isEmpty { throw SchemaErrors(reader.errors) }
        let schema = Schema(entities: reader.entities)
        if validate { try schema.validate() }
        return schema
    }

    /// The `contents` file for a model path.
    ///
    /// - A file is returned as is.
    /// - A `.xcdatamodeld` folder: the version named by `_XCCurrentVersionName` in its
    ///   `.xccurrentversion` property list when that file exists; otherwise its only
    ///   `.xcdatamodel` folder, or the last one in numeric name order
    ///   (`Model 10` after `Model 2`). Then that version's `contents`.
    /// - Any other folder (a `.xcdatamodel`): its `contents` file.
    public static func contentsFile(for url: URL) throws(SchemaErrors) -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw SchemaErrors([SchemaError(.unreadableFile, location: url.path, message: "no such file or folder")])
        }
        guard isDirectory.boolValue else { return url }
        var folder = url
        if url.pathExtension == "xcdatamodeld" {
            folder = try currentVersion(in: url)
        }
        let contents = folder.appendingPathComponent("contents")
        guard FileManager.default.fileExists(atPath: contents.path) else {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("elements").path) {
                throw SchemaErrors([
                    SchemaError(
                        .malformedDocument, location: folder.path,
                        message: "the model is saved in Xcode's old binary format (an 'elements' file, no 'contents'); "
                            + "open it in a current Xcode and save it, which writes the XML 'contents' file")
                ])
            }
            throw SchemaErrors([
                SchemaError(
                    .malformedDocument, location: folder.path, message: "the model folder has no 'contents' file")
            ])
        }
        return contents
    }

    private static func currentVersion(in bundle: URL) throws(SchemaErrors) -> URL {
        func failure(_ message: String) -> SchemaErrors {
            SchemaErrors([SchemaError(.malformedDocument, location: bundle.path, message: message)])
        }
        let marker = bundle.appendingPathComponent(".xccurrentversion")
        if FileManager.default.fileExists(atPath: marker.path) {
            let data = try readFile(marker)
            let plist = try? PropertyListSerialization.propertyList(from: data, format: nil)
            guard let name = (plist as? [String: Any])?["_XCCurrentVersionName"] as? String else {
                throw failure("'.xccurrentversion' has no '_XCCurrentVersionName' string")
            }
            let version = bundle.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: version.path) else {
                throw failure("'.xccurrentversion' names '\(name)', which does not exist")
            }
            return version
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: bundle.path)) ?? []
        let suffix = ".xcdatamodel"
        let versions = names.filter { $0.hasSuffix(suffix) }
            .sorted {
                $0.dropLast(suffix.count).compare($1.dropLast(suffix.count), options: .numeric) == .orderedAscending
            }
        guard let last = versions.last else { throw failure("the bundle contains no .xcdatamodel folder") }
        return bundle.appendingPathComponent(last)
    }
}
