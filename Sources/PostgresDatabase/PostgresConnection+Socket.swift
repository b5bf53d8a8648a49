import CLibPQ

extension PostgresConnection {
    /// The file descriptor of the connection's socket (-1 when there is none): a caller that
    /// waits for notifications and for something else at once (standard input) polls it with
    /// the other descriptors, then reads with ``notifications(waitingUpTo:)`` and a timeout
    /// of 0.
    public var socketDescriptor: Int32 { PQsocket(handle) }
}
