import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP port on 127.0.0.1 that takes connections and never answers: the server of a connect
/// timeout. It listens and never calls `accept`; the kernel completes each handshake into the
/// backlog, so a client connects, sends its first message and waits for a reply that never
/// comes. Closed when released.
final class SilentListener: Sendable {
    /// The port it listens on (chosen by the kernel).
    let port: Int
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SilentListenerError(step: "socket", code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && listen(descriptor, 64) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(descriptor)
            throw SilentListenerError(step: "bind/listen", code: code)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}

/// A system call failed while setting up a ``SilentListener``.
struct SilentListenerError: Error, CustomStringConvertible {
    var step: String
    var code: Int32

    var description: String { "\(step) failed: errno \(code)" }
}
