import CLibPQ
import Foundation

extension PostgresConnection {
    /// Where, as whom and how to connect to a PostgreSQL server: libpq's connection options
    /// (`host`, `port`, `dbname`, `user`, `sslmode`, …) read from a connection URI or a
    /// key/value string (``init(parsing:)``), with the secrets kept apart so that nothing
    /// printed shows them.
    ///
    /// ```swift
    /// let configuration = try PostgresConnection.Configuration(
    ///     parsing: "postgresql://bob:secret@db.example.com:5433/notes?sslmode=require")
    /// configuration.description   // "host=db.example.com port=5433 dbname=notes user=bob"
    /// configuration.connectTimeout // "10" (none given: the default)
    /// ```
    ///
    /// The secrets are the options libpq itself marks as not to be displayed: `password` and
    /// `sslpassword`. ``description``, the mirror `dump` walks, and every ``PostgresError`` a
    /// connection builds from a configuration show the host, port, database and user only —
    /// never a password, whether it came from the URI's user information, a `?password=`
    /// parameter or a `password=` pair.
    public struct Configuration: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
        /// The seconds libpq waits for a server to answer (per host tried) when the connection
        /// string sets no `connect_timeout`. libpq's own default is to wait for ever; libpq
        /// counts any value below 2 as 2 (and `0` as no limit).
        public static let defaultConnectTimeout = 10

        /// The options given, by libpq keyword, the secrets left out.
        public private(set) var options: [String: String]
        /// The secret options given (`password`, `sslpassword`), by keyword.
        private var secrets: [String: String]

        /// A configuration from libpq options by keyword (empty values are ignored, as libpq
        /// ignores them). Unknown keywords are refused by ``PostgresConnection/init(configuration:)``.
        public init(options given: [String: String]) {
            var options: [String: String] = [:]
            var secrets: [String: String] = [:]
            for (keyword, value) in given where !value.isEmpty {
                if Self.secretKeywords.contains(keyword) {
                    secrets[keyword] = value
                } else {
                    options[keyword] = value
                }
            }
            self.options = options
            self.secrets = secrets
        }

        /// The host name, address or socket directory (a comma-separated list when several
        /// hosts are tried in turn); `nil` for libpq's default.
        public var host: String? { options["host"] }
        /// The port (a comma-separated list for several hosts); `nil` for libpq's default.
        public var port: String? { options["port"] }
        /// The database name; `nil` for libpq's default (the user name).
        public var database: String? { options["dbname"] }
        /// The user name; `nil` for libpq's default (the operating-system user).
        public var user: String? { options["user"] }
        /// Whether a password was given.
        public var hasPassword: Bool { secrets["password"] != nil }
        /// The connect timeout in effect, in libpq's spelling: the one given, else
        /// ``defaultConnectTimeout``.
        public var connectTimeout: String { options["connect_timeout"] ?? String(Self.defaultConnectTimeout) }

        /// What identifies the server and the login, as a key/value string without secrets:
        /// `host=db.example.com port=5433 dbname=notes user=bob`; `libpq's default server`
        /// when none of the four is given.
        public var description: String {
            let shown = [("host", host), ("port", port), ("dbname", database), ("user", user)]
                .compactMap { keyword, value in value.map { "\(keyword)=\(Self.quoted($0))" } }
            return shown.isEmpty ? "libpq's default server" : shown.joined(separator: " ")
        }

        /// What `dump` and debuggers show: the ``description`` only, so that reflection never
        /// reaches the secrets.
        public var customMirror: Mirror {
            Mirror(self, children: ["description": description], displayStyle: .struct)
        }

        /// The keywords and values libpq connects with: every option and secret, and the
        /// default `connect_timeout` when none was given.
        package var connectionParameters: [(keyword: String, value: String)] {
            var all = options.merging(secrets) { first, _ in first }
            all["connect_timeout"] = connectTimeout
            return all.sorted { $0.key < $1.key }.map { (keyword: $0.key, value: $0.value) }
        }

        /// `text` with every occurrence of a secret of four or more characters replaced by
        /// `***`: a second guard on the messages of libpq and the server, which do not quote
        /// passwords. (Shorter secrets are left alone: replacing every `a` would garble the
        /// message while protecting next to nothing.)
        package func redacting(_ text: String) -> String {
            var result = text
            for secret in secrets.values where secret.count >= 4 {
                result = result.replacingOccurrences(of: secret, with: "***")
            }
            return result
        }

        /// A value as a key/value string writes it: bare, or in single quotes (with `\` before
        /// `'` and `\`) when it is empty or holds a space, a quote or a backslash.
        static func quoted(_ value: String) -> String {
            guard value.isEmpty || value.contains(where: { $0.isWhitespace || $0 == "'" || $0 == "\\" }) else {
                return value
            }
            var text = "'"
            for character in value {
                if character == "'" || character == "\\" { text.append("\\") }
                text.append(character)
            }
            return text + "'"
        }

        /// The keywords libpq marks as secret (its `dispchar` is `*`): `password`, `sslpassword`.
        static let secretKeywords: Set<String> = Set(libpqKeywords.filter(\.isSecret).map(\.keyword))

        /// Every connection keyword this libpq knows.
        static let knownKeywords: Set<String> = Set(libpqKeywords.map(\.keyword))

        /// libpq's list of connection options (from `PQconninfoParse("")`), with whether each
        /// is secret. Falls back to the two documented secrets if libpq cannot answer.
        private static let libpqKeywords: [(keyword: String, isSecret: Bool)] = {
            var error: UnsafeMutablePointer<CChar>?
            guard let parsed = PQconninfoParse("", &error) else {
                if let error { PQfreemem(error) }
                return [("password", true), ("sslpassword", true)]
            }
            defer { PQconninfoFree(parsed) }
            var result: [(keyword: String, isSecret: Bool)] = []
            var option = parsed
            while let keyword = option.pointee.keyword {
                let display = option.pointee.dispchar.map { String(cString: $0) } ?? ""
                result.append((String(cString: keyword), display.contains("*")))
                option += 1
            }
            return result
        }()
    }
}
