/// A name that is not known, with the closest known one: the one place "did you mean" is
/// decided and worded, for entities, properties, keys, keywords, functions, fields and commands.
///
/// ```swift
/// let unknown = Suggestion.unknownEntity("Contnet", among: ["Bucket", "Content"])
/// unknown.text        // no entity named 'Contnet'; did you mean 'Content'?
/// unknown.replacement // Content
/// ```
///
/// In a ``Diagnostic``, the suggestion is a ``FixIt`` (``fixIts(replacing:)``), not part of
/// the message; where a message is the whole report (an error's `description`), ``text``
/// appends it.
public struct Suggestion: Sendable, Hashable, CustomStringConvertible {
    /// The problem, without the suggestion: `no entity named 'Contnet'`.
    public var message: String
    /// The closest known name as it would be written (with its sigil: `@count`, `:help`), or
    /// `nil` when none is close (by edit distance).
    public var replacement: String?

    /// `message` with the candidate closest to `name`, written with `sigil` before it.
    public init(_ message: String, name: String, among candidates: [String], sigil: String = "") {
        self.message = message
        self.replacement = EditDistance.bestMatch(for: name, among: candidates).map { sigil + $0 }
    }

    /// `message`, then `; did you mean '…'?` when there is a replacement.
    public var text: String {
        replacement.map { "\(message); \(Self.didYouMean($0))" } ?? message
    }

    /// ``text`` with a suggestion; without one, `message; expected one of a, b, c` listing
    /// `candidates` (for short closed lists: attribute types, delete rules, fields).
    public func text(orListing candidates: [String]) -> String {
        replacement == nil ? "\(message); expected one of " + candidates.joined(separator: ", ") : text
    }

    /// The same as ``text``.
    public var description: String { text }

    /// The replacement as a fix-it of the text at `range` (none without a replacement).
    public func fixIts(replacing range: SourceRange?) -> [FixIt] {
        replacement.map { [FixIt(replacing: range, with: $0)] } ?? []
    }

    /// `did you mean 'name'?`: the wording of every suggestion.
    public static func didYouMean(_ replacement: String) -> String {
        "did you mean '\(replacement)'?"
    }

    /// `no entity named 'Contnet'`, suggesting among `entityNames`.
    public static func unknownEntity(_ name: String, among entityNames: [String]) -> Suggestion {
        Suggestion("no entity named '\(name)'", name: name, among: entityNames)
    }

    /// `'Content' has no property 'nmae'`, suggesting among the entity's property names.
    public static func unknownProperty(_ key: String, of entity: String, among names: [String]) -> Suggestion {
        Suggestion("'\(entity)' has no property '\(key)'", name: key, among: names)
    }
}
