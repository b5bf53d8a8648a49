extension RelationshipDescription {
    /// What deleting an object does to the destinations of one of its relationships: Core
    /// Data's delete rule (`deletionRule` in an Xcode model, `NSDeleteRule` in Foundation).
    ///
    /// With `Bucket.contents` set to ``cascade``, a change set that deletes Bucket 1 also
    /// deletes every Content in it; with ``deny``, it is refused while Bucket 1 still holds a
    /// Content that the change set does not delete; with ``nullify`` (the default), the
    /// Contents stay and lose their `bucket`.
    ///
    /// Each rule has two spellings: ``rawValue`` is the JSON schema format's (`"noAction"`),
    /// ``coreDataName`` the Xcode model's (`deletionRule="No Action"`).
    /// `Docs/change-set-format.md` says how an object graph applies each rule.
    public enum DeleteRule: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
        /// The destinations stay; the relationship between them and the deleted object is
        /// emptied on both sides. The default.
        case nullify
        /// The destinations are deleted too, and theirs in turn by their own rules.
        case cascade
        /// The object cannot be deleted while the relationship holds a destination.
        case deny
        /// Core Data leaves the destinations' inverse pointing at the deleted object. An
        /// object graph cannot hold a reference to an object it no longer has, so the graph
        /// treats it as ``nullify``.
        case noAction

        /// The spelling used by Xcode's model format (`deletionRule="Cascade"`).
        public var coreDataName: String {
            switch self {
            case .nullify: "Nullify"
            case .cascade: "Cascade"
            case .deny: "Deny"
            case .noAction: "No Action"
            }
        }

        /// The rule whose ``coreDataName`` is `name` (exact, case-sensitive), or `nil`.
        ///
        /// `DeleteRule(coreDataName: "No Action")` is ``noAction``.
        public init?(coreDataName name: String) {
            guard let match = Self.allCases.first(where: { $0.coreDataName == name }) else { return nil }
            self = match
        }

        /// The Xcode spelling, `Cascade`: the word messages use.
        public var description: String { coreDataName }

        /// Decodes the JSON spelling; an unknown name is a `dataCorrupted` error with a
        /// suggestion, e.g. `unknown delete rule 'cascde'; did you mean 'cascade'?`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let name = try container.decode(String.self)
            guard let rule = DeleteRule(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: Self.unknownRuleMessage(name, spellings: Self.allCases.map(\.rawValue)))
            }
            self = rule
        }

        /// Encodes the JSON spelling.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        /// `unknown delete rule 'x'`, with the closest spelling or the list of them.
        static func unknownRuleMessage(_ name: String, spellings: [String]) -> String {
            let message = Suggestion("unknown delete rule '\(name)'", name: name, among: spellings).text(
                orListing: spellings)
            return message
        }
    }
}
