import CLibPQ
import Foundation

/// A notification received on a channel the connection listens to (`NOTIFY channel, 'payload'`).
public struct PostgresNotification: Sendable, Hashable {
    /// The channel notified.
    public var channel: String
    /// The payload (`""` when none was given).
    public var payload: String
    /// The process ID of the server backend that sent it.
    public var senderProcessID: Int32

    /// A notification.
    public init(channel: String, payload: String, senderProcessID: Int32) {
        self.channel = channel
        self.payload = payload
        self.senderProcessID = senderProcessID
    }
}

extension PostgresConnection {
    /// Starts listening to `channel` (`LISTEN "channel"`, the name quoted by the dialect):
    /// notifications sent to it after this call's transaction commits are kept by the
    /// connection until ``notifications(waitingUpTo:)`` reads them.
    public func listen(_ channel: String) throws(PostgresError) {
        try execute("LISTEN " + dialect.quote(channel))
    }

    /// The notifications received so far, waiting at most `timeout` seconds for the first one
    /// when there is none yet (`[]` when none came). Throws when the connection is lost (the
    /// server ended the session, the network failed): the caller reconnects and listens again.
    public func notifications(waitingUpTo timeout: Double) throws(PostgresError) -> [PostgresNotification] {
        var received = try drainNotifications()
        guard received.isEmpty, timeout > 0 else { return received }
        let socket = PQsocket(handle)
        guard socket >= 0 else { throw lostConnection() }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(min(max(timeout, 0), 3600) * 1000)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0, errno != EINTR {
            throw PostgresError(message: "waiting for a notification failed: errno \(errno)")
        }
        if ready > 0 { received = try drainNotifications() }
        return received
    }

    /// Reads what the server sent and returns the notifications among it.
    private func drainNotifications() throws(PostgresError) -> [PostgresNotification] {
        guard PQconsumeInput(handle) == 1, PQstatus(handle) == CONNECTION_OK else { throw lostConnection() }
        var result: [PostgresNotification] = []
        while let notification = PQnotifies(handle) {
            let value = notification.pointee
            result.append(
                PostgresNotification(
                    channel: String(cString: value.relname), payload: value.extra.map { String(cString: $0) } ?? "",
                    senderProcessID: value.be_pid))
            PQfreemem(notification)
        }
        return result
    }

    private func lostConnection() -> PostgresError {
        let reason = String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines)
        return PostgresError(
            message: "the connection to \(configuration) was lost: \(reason.isEmpty ? "no reason given" : reason)")
    }
}
