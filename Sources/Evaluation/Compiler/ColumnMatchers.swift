import Foundation
import Predicates

/// Tests on one unboxed value against a constant, for scans that read a column of values and
/// test the common type inline (the object graph's column scan): the same string plans the
/// typed comparisons use, so a string is matched exactly as ``ComparisonSemantics`` matches it.
package enum ColumnMatchers {
    /// The test of a string value against `constant` (`==`, `!=`, `BEGINSWITH`, `ENDSWITH`,
    /// `CONTAINS`, `IN`, `LIKE`, with their options), or `nil` when the operator is not one of
    /// these or the constant has another type. MATCHES is never here: a regular expression can
    /// fail to evaluate, which only the row evaluator reports.
    package static func string(
        _ op: ComparisonOperator, _ options: ComparisonOptions, _ constant: EvaluationValue
    ) -> (@Sendable (String) -> Bool)? {
        StringPlan(op, options, constant)?.matcher
    }
}
