/// The recursive-descent parser: its state, the token cursor and the depth guard.
///
/// The grammar areas live in extensions: `Parser+Predicates` (OR, AND, NOT, comparisons,
/// the parenthesis ambiguity), `Parser+Expressions` (assignment, infix Pratt loop, prefix,
/// postfix), `Parser+Primary` (literals, keys, specifiers, aggregates), `Parser+Functions`
/// (both call forms, FUNCTION, SUBQUERY, CAST, TERNARY), `Parser+KeyPaths`, `FormatArguments`
/// (binding `%@`, `%K`, `%d`, `%f`) and `Parser+Errors` (building the thrown errors).
///
/// Tokens are lexed on demand, one ahead of the cursor at most (``peek()``); a lexical error
/// is reported only when the cursor reaches it, so the first error in the source is the one
/// reported. No function backtracks. The parser reads the string's UTF-8 storage in place:
/// it exists only inside ``withParser(source:arguments:limits:_:)``.
///
/// The parser is a struct that lives on the stack of ``withParser(source:arguments:limits:_:)``
/// and is passed `inout` (it was a class, one heap object per parse). Every grammar function
/// is `mutating`: a debug build copies a struct's `self` into a temporary at every call of a
/// non-mutating method, which would make each recursive frame hundreds of bytes larger.
///
/// Stack use: the grammar functions recurse about ten frames per nesting level; with `self`
/// passed by reference, untyped internal `throws` and the error builders kept out of line,
/// the default limit of 256 levels fits comfortably in a thread's stack in debug and release
/// builds (`RobustnessNestingTests` parse at the limit).
struct Parser {
    let source: String
    /// The UTF-8 bytes of ``source``, valid while ``withParser(source:arguments:limits:_:)`` runs.
    let bytes: UnsafeBufferPointer<UInt8>
    let limits: ParserLimits
    /// Lexes the tokens after ``lookahead`` (or after ``current`` when there is none).
    var lexer: Lexer
    /// The lexical error that `.invalid` stands for, once the lexer has met it.
    var lexFailure: Diagnostic?
    let arguments: [PredicateValue]

    /// The token at the cursor (never past the final `.end` / `.invalid`).
    private(set) var current: Token
    /// The token after ``current`` when ``peek()`` has lexed it.
    private var lookahead: Token?
    /// The token before ``current``, if any.
    private(set) var previous: Token?
    /// How many tokens have been lexed so far, the final `.end` or `.invalid` included; once
    /// the cursor is at `.end`, the number of tokens in the input.
    private(set) var tokenCount = 0
    /// The nesting level the parser is at (see ``ParserLimits``).
    var depth = 0
    /// The deepest level reached so far (tests compare it with ``CanonicalFormWalk``'s count).
    private(set) var deepestReached = 0
    /// Index of the next unused argument.
    var nextArgument = 0
    /// The most levels a constant bound to `%@` adds to the canonical text (a nested
    /// collection, a date printed as `CAST(…)`); see ``mayPrintTooDeep``.
    var argumentLevels = 0

    /// Runs `body` with a parser over `source`, whose UTF-8 bytes it reads in place (a copy
    /// only for a string without contiguous UTF-8 storage). Throws `empty-input`,
    /// `input-too-large`, or the lexical error at the very first token.
    static func withParser<T>(
        source: String, arguments: [PredicateValue], limits: ParserLimits, _ body: (inout Parser) throws -> T
    ) throws -> T {
        let count = source.utf8.count
        guard count <= limits.maximumInputBytes else {
            throw PredicateSyntaxError(
                DiagnosticCatalog.inputTooLarge(
                    bytes: count, limit: limits.maximumInputBytes,
                    range: SourceRange(limits.maximumInputBytes, count)),
                source: source)
        }
        func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws -> T {
            var parser = try Parser(source: source, bytes: bytes, arguments: arguments, limits: limits)
            return try body(&parser)
        }
        if let result = try source.utf8.withContiguousStorageIfAvailable(parse) { return result }
        return try Array(source.utf8).withUnsafeBufferPointer(parse)
    }

    /// Lexes the first token; throws `empty-input` or the lexical error at the very first token.
    private init(source: String, bytes: UnsafeBufferPointer<UInt8>, arguments: [PredicateValue], limits: ParserLimits)
        throws
    {
        self.source = source
        self.bytes = bytes
        self.limits = limits
        self.arguments = arguments
        self.lexer = Lexer(bytes: bytes)
        self.current = Token(.end, SourceRange(0, 0))
        current = lexToken()
        if case .invalid = current.kind, let failure = lexFailure {
            throw PredicateSyntaxError(failure, source: source)
        }
        if case .end = current.kind {
            throw PredicateSyntaxError(
                DiagnosticCatalog.emptyInput(range: SourceRange(0, bytes.count)), source: source)
        }
    }

    /// The next token from the lexer; a lexical error becomes `.invalid` (noted in
    /// ``lexFailure``), reported when the cursor reaches it.
    private mutating func lexToken() -> Token {
        tokenCount += 1
        do {
            return try lexer.next()
        } catch {
            lexFailure = error.diagnostic
            return Token(.invalid, error.diagnostic.range ?? SourceRange(0, 0))
        }
    }

    /// The number of format specifiers in the input (for the messages about arguments).
    var specifierCount: Int { Lexer.specifierCount(bytes) }

    // MARK: - Entry points

    /// Runs `body`, passing on the ``PredicateSyntaxError`` it throws.
    ///
    /// Inside the parser, functions use untyped `throws`: the error then travels in a register,
    /// while a typed error needs a slot in the frame of every caller, which made debug-build
    /// frames several kilobytes large per nesting level.
    static func run<T>(_ source: String, _ body: () throws -> T) throws(PredicateSyntaxError) -> T {
        do {
            return try body()
        } catch let error as PredicateSyntaxError {
            throw error
        } catch {
            throw PredicateSyntaxError(
                Diagnostic(id: .internalError, message: "internal error: \(error)", range: SourceRange(0, 0)),
                source: source)
        }
    }

    /// A whole predicate, then the end of the input.
    /// The tree is then measured as its canonical text nests (``CanonicalFormWalk``): a tree
    /// that would print deeper than ``ParserLimits/maximumDepth`` is refused, so that what the
    /// parser returns always prints as text it accepts.
    mutating func parseWholePredicate() throws -> PredicateNode {
        let predicate = try parsePredicate()
        try expectEnd(expecting: "AND, OR or the end of the input")
        if mayPrintTooDeep, let offending = CanonicalFormWalk.excess(of: predicate, limit: limits.maximumDepth) {
            throw canonicalNestingError(at: offending)
        }
        return predicate
    }

    /// A whole expression, then the end of the input; measured like a predicate.
    mutating func parseWholeExpression() throws -> ExpressionNode {
        let expression = try parseExpression()
        try expectEnd(expecting: "an operator or the end of the input")
        if mayPrintTooDeep, let offending = CanonicalFormWalk.excess(of: expression, limit: limits.maximumDepth) {
            throw canonicalNestingError(at: offending)
        }
        return expression
    }

    /// Whether the tree's canonical text could nest deeper than the limit; when not, measuring
    /// it is skipped (most inputs are short). A bound that needs no walk: a level of the
    /// canonical text is opened by a node (an operator, a `NOT`, a bracket, an argument list, a
    /// brace, a wrapping `.key`: one per node) or by the parentheses a parent prints around a
    /// node (one pair per node), so each node accounts for at most two levels at any point; every
    /// node comes from a token of its own (a comparison from its operator, a member from its
    /// `.`, the array of `max(1, 2)` from its `(`, the `NOT` of `NONE` from `NONE`); and a
    /// constant bound to an argument adds its own nesting (``argumentLevels``). So the canonical
    /// text nests at most `2 × tokens + argumentLevels` levels; `RoundTripDepthTests` checks the
    /// bound.
    var mayPrintTooDeep: Bool {
        2 * tokenCount + argumentLevels > limits.maximumDepth
    }

    mutating func expectEnd(expecting: String) throws {
        let token = current
        switch token.kind {
        case .end:
            return
        case .punctuation(.rightParen), .punctuation(.rightBracket), .punctuation(.rightBrace):
            throw fail(DiagnosticCatalog.unmatchedClosing(text(token.range), range: token.range))
        default:
            throw fail(
                DiagnosticCatalog.unexpectedToken(expected: expecting, found: describe(token), range: token.range))
        }
    }

    // MARK: - Cursor

    /// Whether the cursor is at the last token (`.end` or `.invalid`): it stays there.
    private var atLastToken: Bool {
        switch current.kind {
        case .end, .invalid: true
        default: false
        }
    }

    /// The token after the current one (the current one at the end of the input).
    mutating func peek() -> Token {
        if atLastToken { return current }
        if let lookahead { return lookahead }
        let next = lexToken()
        lookahead = next
        return next
    }

    /// Whether the current token is `punctuation`.
    mutating func at(_ punctuation: Punctuation) -> Bool {
        current.kind.isPunctuation(punctuation)
    }

    /// Whether the token after the current one is `punctuation`.
    mutating func nextIs(_ punctuation: Punctuation) -> Bool {
        peek().kind.isPunctuation(punctuation)
    }

    /// Moves to the next token; reaching the place of a lexical error throws it.
    mutating func advance() throws {
        if !atLastToken {
            previous = current
            if let next = lookahead {
                current = next
                lookahead = nil
            } else {
                current = lexToken()
            }
        }
        if case .invalid = current.kind, let failure = lexFailure {
            throw fail(failure)
        }
    }

    /// Consumes the closer matching `open`, or throws `unbalanced-parenthesis` (end of input or
    /// another closer) / `unexpected-token` (anything else), noting where `open` was.
    mutating func expectClosing(_ close: Punctuation, opening open: Token) throws {
        if current.kind.isPunctuation(close) {
            try advance()
            return
        }
        let isClosing: Bool
        switch current.kind {
        case .end, .punctuation(.rightParen), .punctuation(.rightBracket), .punctuation(.rightBrace): isClosing = true
        default: isClosing = false
        }
        throw fail(
            DiagnosticCatalog.unclosed(
                text(open.range), close: close.rawValue, openedAt: open.range,
                found: describe(current), range: current.range, isClosingToken: isClosing))
    }

    // MARK: - Depth

    /// Enters one nesting level; throws `nesting-too-deep` at `token` beyond the limit.
    mutating func enter(at token: Token) throws {
        depth += 1
        if depth > deepestReached { deepestReached = depth }
        if depth > limits.maximumDepth {
            throw fail(DiagnosticCatalog.nestingTooDeep(limit: limits.maximumDepth, range: token.range))
        }
    }

    /// Leaves `levels` nesting levels.
    mutating func leave(_ levels: Int = 1) {
        depth -= levels
    }

    // MARK: - Text and errors

    /// The name a name token stands for: an identifier's text, `#size` → `size`,
    /// `$x` and `$#x` → `x`.
    mutating func name(of token: Token) -> String {
        var lower = token.range.lowerBound
        switch token.kind {
        case .escapedKey:
            lower += 1
        case .variable:
            lower += 1
            if lower < bytes.count, bytes[lower] == UInt8(ascii: "#") { lower += 1 }
        default:
            break
        }
        return text(SourceRange(lower, token.range.upperBound))
    }

    /// The value of the string literal at `range` whose token is `.string(decoded:)`:
    /// `'a\tb'` → `a<tab>b`.
    mutating func stringValue(decoded: Int?, range: SourceRange) -> String {
        if let decoded, decoded < lexer.decodedStrings.count { return lexer.decodedStrings[decoded] }
        return text(SourceRange(range.lowerBound + 1, range.upperBound - 1))
    }

    /// The source text of `range`.
    mutating func text(_ range: SourceRange) -> String {
        let lower = Swift.min(range.lowerBound, bytes.count)
        let upper = Swift.min(range.upperBound, bytes.count)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)
    }

    /// `'token'` (shortened when long; a string literal shows its own quotes) or `the end of the
    /// input`, for messages.
    mutating func describe(_ token: Token) -> String {
        if case .end = token.kind { return "the end of the input" }
        if case .string = token.kind { return Parser.shorten(text(token.range)) }
        return "'\(Parser.shorten(text(token.range)))'"
    }

    /// The source text of a node for messages, shortened to about 40 characters.
    mutating func snippet(_ range: SourceRange?) -> String {
        guard let range else { return "" }
        return Parser.shorten(text(range))
    }

    static func shorten(_ text: String) -> String {
        let flat = String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
        return flat.count > 40 ? String(flat.prefix(39)) + "…" : flat
    }

    /// Wraps a diagnostic into the thrown error (with the source, for rendering).
    mutating func fail(_ diagnostic: Diagnostic) -> PredicateSyntaxError {
        PredicateSyntaxError(diagnostic, source: source)
    }

    /// The range from `start` through the end of `end`.
    static func span(_ start: SourceRange?, _ end: SourceRange?) -> SourceRange? {
        switch (start, end) {
        case let (s?, e?): s.union(e)
        case let (s?, nil): s
        case let (nil, e?): e
        case (nil, nil): nil
        }
    }
}
