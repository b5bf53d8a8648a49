/// An infix expression operator. Spellings and precedences are in ``Operators``.
public enum BinaryOperator: String, Sendable, Hashable, Codable, CaseIterable {
    /// `+` (Apple's `add:to:`).
    case add
    /// `-` (`from:subtract:`).
    case subtract
    /// `*` (`multiply:by:`).
    case multiply
    /// `/` (`divide:by:`); integer division by zero is 0.
    case divide
    /// `**` (`raise:toPower:`).
    case power
    /// `&` (`bitwiseAnd:with:`).
    case bitwiseAnd
    /// `|` (`bitwiseOr:with:`).
    case bitwiseOr
    /// `^` (`bitwiseXor:with:`).
    case bitwiseXor
    /// `<<` (`leftshift:by:`).
    case leftShift
    /// `>>` (`rightshift:by:`).
    case rightShift
    /// `UNION`.
    case union
    /// `INTERSECT`.
    case intersect
    /// `MINUS`.
    case minus
}

/// A prefix expression operator.
public enum UnaryOperator: String, Sendable, Hashable, Codable, CaseIterable {
    /// `-x` (on a number literal the minus is part of the constant instead).
    case negate
    /// `~x` (`onesComplement:`).
    case onesComplement
}
