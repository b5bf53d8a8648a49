import KeyPaths

extension ReplSession {
    /// `:schema` without a file: the loaded schema described entity by entity, as psql's `\d`
    /// describes tables: a heading with the parent, the sub-entities and whether it is
    /// abstract (the current entity marked `*`), then its attributes with their types and
    /// whether they are optional, then its relationships with destination, inverse, to-one or
    /// to-many (ordered), and delete rule (Core Data's names). Inherited properties are listed
    /// under the entity that declares them; a blank line separates entities.
    ///
    /// ```
    /// Entity Bucket
    ///   attribute     type    optional
    ///   ------------  ------  --------
    ///   creationDate  date    no
    ///   name          string  no
    ///   relationship  destination  inverse  cardinality  delete rule
    ///   ------------  -----------  -------  -----------  -----------
    ///   contents      Content      bucket   to-many      cascade
    ///   owner         User         buckets  to-one       nullify
    /// ```
    func describeSchema() -> ReplReply {
        guard let schema else { return .error("no schema is loaded; load one with :schema FILE") }
        var sections: [String] = []
        sections.append(
            "schema \(schemaName ?? "(unnamed)"): "
                + Self.count(schema.entities.count, "entity", plural: "entities"))
        for description in schema.entities {
            sections.append(Self.describe(description, in: schema, isCurrent: description.name == entity))
        }
        return .output(sections.joined(separator: "\n\n"))
    }

    /// One entity: its heading, attribute table and relationship table.
    static func describe(_ description: EntityDescription, in schema: Schema, isCurrent: Bool) -> String {
        var heading = "Entity \(description.name)"
        var notes: [String] = []
        if let parent = description.parent { notes.append("sub-entity of \(parent)") }
        let children = schema.entities.filter { $0.parent == description.name }.map(\.name)
        if !children.isEmpty { notes.append("sub-entities: " + children.joined(separator: ", ")) }
        if description.isAbstract { notes.append("abstract") }
        if !notes.isEmpty { heading += " (" + notes.joined(separator: "; ") + ")" }
        if isCurrent { heading += "  *" }
        var parts = [heading]
        if !description.attributes.isEmpty {
            let rows = description.attributes.map { attribute in
                [attribute.name, attribute.type.rawValue, attribute.isOptional ? "yes" : "no"]
            }
            parts.append(Self.indented(ResultTable(headers: ["attribute", "type", "optional"], rows: rows)))
        }
        if !description.relationships.isEmpty {
            let rows = description.relationships.map { relationship in
                [
                    relationship.name, relationship.destination, relationship.inverse ?? "none",
                    relationship.isToMany ? (relationship.isOrdered ? "to-many, ordered" : "to-many") : "to-one",
                    relationship.deleteRule.coreDataName.lowercased(),
                ]
            }
            let headers = ["relationship", "destination", "inverse", "cardinality", "delete rule"]
            parts.append(Self.indented(ResultTable(headers: headers, rows: rows)))
        }
        if description.attributes.isEmpty, description.relationships.isEmpty {
            parts.append("  (no properties of its own)")
        }
        return parts.joined(separator: "\n")
    }

    /// The table's lines, two spaces in, its cells never cut (names are shown whole).
    private static func indented(_ table: ResultTable) -> String {
        var table = table
        table.cutsCells = false
        return table.lines.map { "  " + $0 }.joined(separator: "\n")
    }
}
