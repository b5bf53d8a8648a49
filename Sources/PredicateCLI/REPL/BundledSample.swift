// Generated once from Samples/ContentModel.xcdatamodeld/ContentModel.xcdatamodel/contents and
// Samples/graph.json: each line indented by eight spaces inside a raw string literal, whose
// closing delimiter strips them again. BundledSampleTests checks that both still equal the
// files byte for byte; after editing a sample file, regenerate this file the same way.

/// The sample the REPL opens when no `--schema`, `--graph` or `--data` is given: the
/// Content/Bucket/User/Tag Core Data model and an object graph over it, compiled into the
/// binary so that `predicate` works from any directory.
package enum BundledSample {
    /// The display name of the sample model.
    static let modelName = "ContentModel.xcdatamodeld (bundled)"
    /// The display name of the sample graph.
    static let graphName = "graph.json (bundled)"
    /// The entity the REPL starts on.
    static let entity = "Content"

    /// `Samples/ContentModel.xcdatamodeld/ContentModel.xcdatamodel/contents`.
    package static let model = #"""
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22522" systemVersion="23E224" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
            <entity name="Bucket" representedClassName="Bucket" syncable="YES" codeGenerationType="class">
                <attribute name="creationDate" attributeType="Date" usesScalarValueType="NO"/>
                <attribute name="name" attributeType="String"/>
                <relationship name="contents" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Content" inverseName="bucket" inverseEntity="Content"/>
                <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="User" inverseName="buckets" inverseEntity="User"/>
            </entity>
            <entity name="Content" representedClassName="Content" syncable="YES" codeGenerationType="class">
                <attribute name="creationDate" attributeType="Date" usesScalarValueType="NO"/>
                <attribute name="name" attributeType="String"/>
                <attribute name="size" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"/>
                <relationship name="bucket" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Bucket" inverseName="contents" inverseEntity="Bucket"/>
                <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="User" inverseName="contents" inverseEntity="User"/>
                <relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag" inverseName="contents" inverseEntity="Tag"/>
            </entity>
            <entity name="ImageContent" representedClassName="ImageContent" parentEntity="Content" syncable="YES" codeGenerationType="class">
                <attribute name="height" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="width" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
            </entity>
            <entity name="Tag" representedClassName="Tag" syncable="YES" codeGenerationType="class">
                <attribute name="name" attributeType="String"/>
                <relationship name="contents" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Content" inverseName="tags" inverseEntity="Content"/>
            </entity>
            <entity name="ThumbnailContent" representedClassName="ThumbnailContent" parentEntity="ImageContent" syncable="YES" codeGenerationType="class">
                <attribute name="maxPixelSize" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
            </entity>
            <entity name="User" representedClassName="User" syncable="YES" codeGenerationType="class">
                <attribute name="email" optional="YES" attributeType="String"/>
                <attribute name="name" attributeType="String"/>
                <relationship name="buckets" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Bucket" inverseName="owner" inverseEntity="Bucket"/>
                <relationship name="contents" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Content" inverseName="owner" inverseEntity="Content"/>
            </entity>
            <elements>
                <element name="Bucket" positionX="-63" positionY="-18" width="128" height="89"/>
                <element name="Content" positionX="135" positionY="-18" width="128" height="134"/>
                <element name="ImageContent" positionX="135" positionY="135" width="128" height="59"/>
                <element name="Tag" positionX="333" positionY="-18" width="128" height="59"/>
                <element name="ThumbnailContent" positionX="135" positionY="225" width="128" height="44"/>
                <element name="User" positionX="-63" positionY="135" width="128" height="89"/>
            </elements>
        </model>

        """#

    /// `Samples/graph.json`.
    package static let graph = #"""
        {
          "User": [
            {"id": 1, "name": "Ann", "email": "ann@example.com"},
            {"id": 2, "name": "Ben"},
            {"id": 3, "name": "Cleo", "email": "cleo@example.com"}
          ],
          "Bucket": [
            {"id": 1, "name": "Inbox", "owner": 1, "creationDate": {"$date": "2024-01-01T09:00:00Z"}},
            {"id": 2, "name": "Photos", "owner": 2, "creationDate": {"$date": "2024-01-02T09:00:00Z"}},
            {"id": 3, "name": "Archive", "owner": 1, "creationDate": {"$date": "2024-01-03T09:00:00Z"}}
          ],
          "Tag": [
            {"id": 1, "name": "work"},
            {"id": 2, "name": "holiday"},
            {"id": 3, "name": "x"}
          ],
          "Content": [
            {"id": 1, "name": "notes.txt", "size": 120, "bucket": 1, "owner": 1, "tags": [1],
             "creationDate": {"$date": "2024-02-01T10:00:00Z"}},
            {"id": 3, "name": "plan.pdf", "size": 560, "bucket": 1, "owner": 2, "tags": [1, 3],
             "creationDate": {"$date": "2024-02-03T10:00:00Z"}},
            {"id": 6, "name": "todo.txt", "size": 40, "bucket": 1, "owner": 3,
             "creationDate": {"$date": "2024-02-06T10:00:00Z"}}
          ],
          "ImageContent": [
            {"id": 2, "name": "beach.png", "size": 2048, "width": 800, "height": 600, "bucket": 2, "owner": 2, "tags": [2, 3],
             "creationDate": {"$date": "2024-02-02T10:00:00Z"}},
            {"id": 5, "name": "scan.jpg", "size": 900, "width": 1200, "height": 1600, "bucket": 3, "owner": 3,
             "creationDate": {"$date": "2024-02-05T10:00:00Z"}}
          ],
          "ThumbnailContent": [
            {"id": 4, "name": "beach-thumb.png", "size": 64, "width": 80, "height": 60, "maxPixelSize": 80, "bucket": 2,
             "owner": 2, "tags": [2], "creationDate": {"$date": "2024-02-04T10:00:00Z"}}
          ]
        }

        """#
}
