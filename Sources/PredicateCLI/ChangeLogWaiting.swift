import Evaluation
import Foundation
import ObjectStore
import PostgresDatabase
import SQLiteDatabase

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The connections a ``ChangeLogFollower`` reads the change log through, shared by
/// `watch --db --follow` and the REPL's `:watch`: a connection of the follower's own with its
/// way of waiting for a commit — `LISTEN` on PostgreSQL, `PRAGMA data_version` polled every
/// 10 ms on SQLite. With a descriptor to wake on (the REPL's standard input), the wait also
/// ends as soon as that descriptor is readable (or closed): on PostgreSQL one poll(2) on both
/// the server's socket and the descriptor, on SQLite the 10 ms pauses between two reads of the
/// data version are polls of the descriptor. Nothing spins: every wait sleeps in poll(2).
enum ChangeLogWaiting {
    /// Opens a connection to `target` for the follower; its wait also returns when `descriptor`
    /// is readable.
    static func connection(_ target: DatabaseTarget, wakingOn descriptor: Int32? = nil) throws
        -> ChangeLogConnection
    {
        switch target {
        case .sqlite(let path):
            let connection = try SQLiteConnection(path: path, mode: .readOnly)
            let log = ChangeLog(database: connection)
            var seen = try log.dataVersion()
            return ChangeLogConnection(database: connection) { seconds in
                let deadline = Date().addingTimeInterval(seconds)
                while Date() < deadline {
                    let version = try log.dataVersion()
                    if version != seen {
                        seen = version
                        return
                    }
                    if let descriptor {
                        if Self.isReadable(descriptor, waitingUpTo: 10) { return }
                    } else {
                        usleep(10_000)
                    }
                }
            }
        case .postgres(let configuration):
            let connection = try PostgresConnection(configuration: configuration)
            try connection.listen(SQLChangeLogTables.channel)
            return ChangeLogConnection(database: connection) { seconds in
                guard let descriptor else {
                    _ = try connection.notifications(waitingUpTo: seconds)
                    return
                }
                // Notifications that arrived already are read first; then one poll on both.
                guard try connection.notifications(waitingUpTo: 0).isEmpty else { return }
                let socket = connection.socketDescriptor
                var descriptors = [
                    pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
                ]
                let milliseconds = Int32(min(max(seconds, 0), 3600) * 1000)
                _ = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
                // A lost connection throws here, and the follower connects again.
                _ = try connection.notifications(waitingUpTo: 0)
            }
        }
    }

    /// Whether `descriptor` has input (or its end, or an error) within `milliseconds`.
    static func isReadable(_ descriptor: Int32, waitingUpTo milliseconds: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, milliseconds) > 0 && poller.revents != 0
    }
}
