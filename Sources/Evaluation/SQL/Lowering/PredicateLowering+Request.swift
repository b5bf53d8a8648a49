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

    /// The query that live results over a database run: the request's predicate and order
    /// (section key path first, then the sort keys, then the key) without its offset and
    /// limit, selecting the key and then the value of each sort key (uncollated, in the
    /// request's order of keys); with `keys`, only the objects with those stored keys
    /// (`"t0"."id" IN (?, ?, …)`, every key bound) — how live results evaluate again the roots a
    /// change reached.
    ///
    /// ```swift
    /// // Content, bucket.name == 'Inbox', sorted by name, keys [3, 9]:
    /// // SELECT "t0"."id", "t0"."name" FROM "Content" AS "t0"
    /// //   JOIN "Bucket" AS "t1" ON "t1"."id" = "t0"."bucket_id"
    /// //   WHERE "t0"."id" IN (?, ?) AND "t1"."name" = ? ORDER BY …
    /// ```
    public func liveQuery(_ request: CheckedFetchRequest, keys: [SQLValue]? = nil) throws(SQLLoweringError)
        -> SQLSelect
    {
        let walk = LoweringWalk(lowering: self, schema: request.schema)
        return try walk.rootQuery(
            entity: request.entity, condition: request.predicate?.condition, sortKeys: request.sortKeys, limit: nil,
            offset: nil, sortValueColumns: true, keys: keys)
    }
}
