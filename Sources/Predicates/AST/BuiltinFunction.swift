/// The predefined NSExpression functions, identified by Apple's selector name.
///
/// Both call forms reach these: `sum(a)` / `max(1, 5, 10)` / `now()` and the selector form
/// `sum:(a)` / `multiply:by:(5, 3)`. The selectors that have an operator spelling
/// (`add:to:`, `from:subtract:`, `multiply:by:`, `divide:by:`, `raise:toPower:`, the bitwise
/// selectors and `onesComplement:`) parse to ``BinaryOperator``/``UnaryOperator`` nodes
/// instead, as Apple prints them infix; `objectFrom:withIndex:` parses to an index node and
/// `castObject:toType:` to a CAST node.
public enum BuiltinFunction: String, Sendable, Hashable, Codable, CaseIterable {
    case sum = "sum:"
    case count = "count:"
    case min = "min:"
    case max = "max:"
    case average = "average:"
    case median = "median:"
    case mode = "mode:"
    case stddev = "stddev:"
    case sqrt = "sqrt:"
    case log = "log:"
    case ln = "ln:"
    case exp = "exp:"
    case floor = "floor:"
    case ceiling = "ceiling:"
    case abs = "abs:"
    case trunc = "trunc:"
    case uppercase = "uppercase:"
    case lowercase = "lowercase:"
    case length = "length:"
    case canonical = "canonical:"
    case modulus = "modulus:by:"
    case random = "random"
    case randomn = "randomn:"
    case now = "now"
    case noindex = "noindex:"

    /// The selector name as Apple prints it: `sum:`, `modulus:by:`, `now`.
    public var selector: String { rawValue }

    /// The number of arguments the selector takes (its colon count).
    public var arity: Int { rawValue.filter { $0 == ":" }.count }

    /// The name used in the plain call form `name(args)`: the selector's first part.
    public var name: String { String(rawValue.prefix { $0 != ":" }) }

    /// Functions that take a collection; the plain call form with several arguments,
    /// `max(1, 5, 10)`, passes them as one array literal: `max:({1, 5, 10})`.
    public var takesCollection: Bool {
        switch self {
        case .sum, .count, .min, .max, .average, .median, .mode, .stddev: true
        default: false
        }
    }

    /// Looks a function up by its full selector (`multiply:by:` is not here: it is an operator).
    public init?(selector: String) { self.init(rawValue: selector) }

    /// Looks a function up by its plain-call name, case-sensitively (`sum`, `now`).
    public init?(name: String) {
        guard let match = Self.byName[name] else { return nil }
        self = match
    }

    /// Every function by its plain-call name, built once (the parser looks names up often).
    static let byName: [String: BuiltinFunction] = Dictionary(
        allCases.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
}
