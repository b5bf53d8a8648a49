extension DiagnosticID {
    // Ids of object graph files, change sets, change matching and live results (ObjectStore).

    /// `graph-malformed-document`: The text is not the expected JSON shape.
    public static let graphMalformedDocument: DiagnosticID = "graph-malformed-document"
    /// `graph-unreadable-file`: A graph or change-set file that cannot be read.
    public static let graphUnreadableFile: DiagnosticID = "graph-unreadable-file"
    /// `graph-unknown-entity`: No entity of that name in the schema.
    public static let graphUnknownEntity: DiagnosticID = "graph-unknown-entity"
    /// `graph-abstract-entity`: Objects given for an abstract entity.
    public static let graphAbstractEntity: DiagnosticID = "graph-abstract-entity"
    /// `graph-unknown-object`: No object with that ID (or not of the expected entity).
    public static let graphUnknownObject: DiagnosticID = "graph-unknown-object"
    /// `graph-duplicate-object`: An ID used twice, or an object listed twice in one change set.
    public static let graphDuplicateObject: DiagnosticID = "graph-duplicate-object"
    /// `graph-unknown-key`: The entity has no property of that name.
    public static let graphUnknownKey: DiagnosticID = "graph-unknown-key"
    /// `graph-invalid-value`: A value that does not fit its attribute, or a relationship given the wrong shape.
    public static let graphInvalidValue: DiagnosticID = "graph-invalid-value"
    /// `graph-stale-change`: A change whose old value is not the graph's current value.
    public static let graphStaleChange: DiagnosticID = "graph-stale-change"
    /// `graph-conflict`: Parts of a change set that contradict each other.
    public static let graphConflict: DiagnosticID = "graph-conflict"
    /// `graph-delete-denied`: A Deny delete rule refuses a deletion.
    public static let graphDeleteDenied: DiagnosticID = "graph-delete-denied"
    /// `dependency-unknown-root-entity`: The root entity of a query is not in the schema.
    public static let dependencyUnknownRootEntity: DiagnosticID = "dependency-unknown-root-entity"
    /// `dependency-invalid-predicate`: The predicate does not check against the schema.
    public static let dependencyInvalidPredicate: DiagnosticID = "dependency-invalid-predicate"
    /// `dependency-unresolved-key-path`: A key path that does not resolve from the root.
    public static let dependencyUnresolvedKeyPath: DiagnosticID = "dependency-unresolved-key-path"
    /// `dependency-missing-inverse`: A relationship along a key path without an inverse.
    public static let dependencyMissingInverse: DiagnosticID = "dependency-missing-inverse"
    /// `dependency-untrackable`: A construct whose reads cannot be known (`ANYKEY`, `FUNCTION(SELF, …)`).
    public static let dependencyUntrackable: DiagnosticID = "dependency-untrackable"
    /// `live-results`: A live result set that cannot be created or kept.
    public static let liveResults: DiagnosticID = "live-results"
    /// `change-log-missing`: A database without a change log.
    public static let changeLogMissing: DiagnosticID = "change-log-missing"
    /// `change-log-pruned`: Change log entries asked for were pruned; the reader refetches in full.
    public static let changeLogPruned: DiagnosticID = "change-log-pruned"
    /// `change-log-unreadable-entry`: A change log entry that cannot be read.
    public static let changeLogUnreadableEntry: DiagnosticID = "change-log-unreadable-entry"
    /// `database-store-unreadable-objects`: The rows a change set reads do not load as objects.
    public static let databaseStoreUnreadableObjects: DiagnosticID = "database-store-unreadable-objects"

    /// The ids of object graph files, change sets, change matching and live results (ObjectStore), in catalogue order.
    static let graphFamily: [DiagnosticID] = [
        .graphMalformedDocument, .graphUnreadableFile, .graphUnknownEntity, .graphAbstractEntity, .graphUnknownObject,
        .graphDuplicateObject, .graphUnknownKey, .graphInvalidValue, .graphStaleChange, .graphConflict,
        .graphDeleteDenied, .dependencyUnknownRootEntity, .dependencyInvalidPredicate, .dependencyUnresolvedKeyPath,
        .dependencyMissingInverse, .dependencyUntrackable, .liveResults, .changeLogMissing, .changeLogPruned,
        .changeLogUnreadableEntry, .databaseStoreUnreadableObjects,
    ]
}
