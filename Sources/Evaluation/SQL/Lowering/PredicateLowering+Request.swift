extension PredicateLowering {
    /// The query of a checked fetch request: its predicate, its order (the section key path
    /// first, then the sort keys, then the key), its offset and limit — the rows a live result
    /// list of the same request shows, in the same order. Nothing is resolved again: the key
    /// paths are the ones the request was checked with.
    ///
    /// ```swift
    /// let request = FetchRequest(entity: "Content", predicate: try PredicateNode(format: "#size > 10"),
    ///                            sortKeys: [SortKey("name")], fetchLimit: 20)
    /// let select = try PredicateLowering(layout: mapping).query(try CheckedFetchRequest(request, schema: schema))
    /// // SELECT "t0"."id" FROM "Content" AS "t0" WHERE "t0"."size" > ?
    /// //   ORDER BY "t0"."name" IS NOT NULL, "t0"."name" COLLATE pe_plain, "t0"."id" LIMIT ?
    /// ```
    ///
    /// A negative offset or limit is refused (`sql-window`); a zero offset is left out.
    public func query(_ request: CheckedFetchRequest) throws(SQLLoweringError) -> SQLSelect {
        let walk = LoweringWalk(lowering: self, schema: request.schema)
        let offset = request.request.fetchOffset
        return try walk.rootQuery(
            entity: request.entity, condition: request.predicate?.condition, sortKeys: request.sortKeys,
            limit: request.request.fetchLimit, offset: offset == 0 ? nil : offset)
    }
}
