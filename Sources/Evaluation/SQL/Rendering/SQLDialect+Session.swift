/// How a connection that runs only short keyed queries is set up: a change log follower's
/// statements look up a few dozen rows by key, and a plan that is cheap to run must also be
/// cheap to start.
extension SQLDialect {
    /// No settings unless a dialect says otherwise.
    public var keyedReadSettings: [SQLStatement] { [] }
    /// No `MATERIALIZED` common tables unless a dialect says otherwise.
    public var materializesCommonTables: Bool { false }
}

extension PostgreSQLDialect {
    /// `SET max_parallel_workers_per_gather = 0`: PostgreSQL plans a `UNION ALL` of forty keyed
    /// selects (a follower's batched re-evaluation) as a parallel append once its estimated
    /// cost passes `parallel_setup_cost`, and starting the workers took 10–20 ms on this
    /// project's machine, for a statement that runs in 2 ms on one process. Set on the
    /// follower's own connection only.
    public var keyedReadSettings: [SQLStatement] { [SQLStatement(sql: "SET max_parallel_workers_per_gather = 0")] }
    /// PostgreSQL 12 and later (the oldest supported release) write `AS MATERIALIZED`.
    public var materializesCommonTables: Bool { true }
}
