import KeyPaths

/// Finds the source text of each component of a parsed key path, so that a diagnostic can
/// put its caret under the one offending key rather than under the whole path.
///
/// In
/// ```
/// bucket.nmae == "Inbox"
/// ```
/// the key path node covers bytes 0..<11; its components `bucket` and `nmae` are the tokens
/// at 0..<6 and 7..<11, so the unknown key is underlined as `       ^^^^`.
///
/// The map lexes the source once. A key path whose tokens do not line up one to one with
/// its components (a `%K` argument holding `a.b`) gets no component ranges: callers then
/// underline the whole path, which is still correct.
struct KeyPathSourceMap {
    /// The source's tokens, in order.
    private let tokens: [Token]

    /// Lexes `source`. Lexical errors are impossible for text the parser accepted; for any
    /// other text the tokens before the error are kept.
    init(source: String) {
        tokens = Lexer.tokenize(Array(source.utf8)).tokens
    }

    /// The ranges of the `count` components of the key path written in `range`, skipping
    /// everything before `start` (the base of a member such as `$x.name`) and a leading
    /// `SELF`; `nil` when they cannot be matched one to one.
    func componentRanges(in range: SourceRange, after start: Int? = nil, count: Int) -> [SourceRange]? {
        let lower = Swift.max(range.lowerBound, start ?? range.lowerBound)
        var ranges: [SourceRange] = []
        var index = firstToken(atOrAfter: lower)
        while index < tokens.count, tokens[index].range.upperBound <= range.upperBound {
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .identifier, .escapedKey, .collectionOperator:
                ranges.append(token.range)
            case .keyword(.SELF) where ranges.isEmpty && start == nil:
                break
            case .punctuation(.dot), .punctuation(.leftParen), .punctuation(.rightParen):
                break
            default:
                return nil
            }
        }
        return ranges.count == count ? ranges : nil
    }

    /// The first token of a range, when the source has one starting exactly there:
    /// `ANY` for the comparison `ANY tags.name == "x"`.
    func keyword(at offset: Int) -> String? {
        let index = firstToken(atOrAfter: offset)
        guard index < tokens.count, tokens[index].range.lowerBound == offset,
            case .keyword(let word) = tokens[index].kind
        else { return nil }
        return word.spelling
    }

    /// Binary search: the index of the first token starting at or after `offset`.
    private func firstToken(atOrAfter offset: Int) -> Int {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.lowerBound < offset {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}

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
    /// The id is one of ``SchemaCheckCatalog/identifiers`` (`unknown-key` here).
    public init(_ error: KeyPathError, inKeyPath keyPath: String) {
        var ranges: [SourceRange] = []
        var offset = 0
        for component in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            let length = component.utf8.count
            ranges.append(SourceRange(offset, offset + length))
            offset += length + 1
        }
        let whole = SourceRange(0, keyPath.utf8.count)
        let range = error.componentIndex.flatMap { ranges.indices.contains($0) ? ranges[$0] : nil } ?? whole
        self = SchemaCheckCatalog.keyPath(error, range: range)
    }
}
