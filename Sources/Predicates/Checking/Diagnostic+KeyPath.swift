import KeyPaths

extension Diagnostic {
    /// The diagnostic for a key path that failed to resolve, with the caret under the
    /// offending component of `keyPath`, a dotted key path written on its own (as the
    /// `predicate resolve` command takes it):
    /// ```
    /// 1:8: error: 'Bucket' has no property 'nmae'
    /// bucket.nmae
    ///        ^^^^
    /// note: did you mean 'name'?
    /// ```
    /// The id is one of the checking ids of ``DiagnosticID/catalogue`` (`unknown-key` here).
    public init(_ error: KeyPathError, inKeyPath keyPath: String) {
        let ranges = Self.componentRanges(keyPath)
        let whole = SourceRange(0, keyPath.utf8.count)
        let range = error.componentIndex.flatMap { ranges.indices.contains($0) ? ranges[$0] : nil } ?? whole
        self = SchemaCheckCatalog.keyPath(error, range: range)
    }

    /// The byte range of each dotted component of `keyPath`, written on its own.
    static func componentRanges(_ keyPath: String) -> [SourceRange] {
        var ranges: [SourceRange] = []
        var offset = 0
        for component in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            let length = component.utf8.count
            ranges.append(SourceRange(offset, offset + length))
            offset += length + 1
        }
        return ranges
    }
}
