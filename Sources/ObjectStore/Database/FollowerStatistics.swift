import Evaluation
import Foundation

/// Where a ``ChangeLogFollower``'s time goes, summed over every entry it applied since the
/// counters were reset: the statements of the change matcher's navigation (existence checks and
/// inverse hops), the re-evaluation statements, and everything else (reading the log, region
/// tests, direction analysis, set operations, merges). What the benchmark reports to say which
/// phase costs what.
package struct FollowerStatistics: Sendable {
    /// Statements the navigation ran, and their time in seconds.
    package var navigationStatements = 0
    package var navigationSeconds = 0.0
    /// Re-evaluation statements, and their time in seconds.
    package var evaluationStatements = 0
    package var evaluationSeconds = 0.0
    /// The time spent applying entries to queries, in seconds (including both kinds of
    /// statement).
    package var applySeconds = 0.0
    /// Of it: matching the queries (region tests, directions, the walk with its navigation
    /// statements, the restriction of the roots), and merging the answers into each query.
    package var matchSeconds = 0.0
    package var mergeSeconds = 0.0

    package init() {}
}

/// A connection that times its row-reading statements into one of the follower's counters.
final class TimedDatabase: SQLDatabase {
    let base: any SQLDatabase
    private(set) var statements = 0
    private(set) var seconds = 0.0

    init(_ base: any SQLDatabase) { self.base = base }

    var dialect: any SQLDialect { base.dialect }

    func execute(_ statement: SQLStatement) throws -> Int { try base.execute(statement) }

    func rows(_ statement: SQLStatement) throws -> [[SQLValue]] {
        let start = DispatchTime.now().uptimeNanoseconds
        defer {
            statements += 1
            seconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        return try base.rows(statement)
    }

    func transaction<Result>(_ body: () throws -> Result) throws -> Result { try base.transaction(body) }

    func catalogue() throws -> SQLCatalogue { try base.catalogue() }

    func installHelperFunctions() throws { try base.installHelperFunctions() }

    func insertRows(into table: String, columns: [String], _ produce: (_ write: SQLRowWriter) throws -> Void) throws {
        try base.insertRows(into: table, columns: columns, produce)
    }
}
