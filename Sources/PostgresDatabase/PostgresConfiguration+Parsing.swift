extension PostgresConnection.Configuration {
    /// Reads a connection string as libpq does, in either of its two forms:
    ///
    /// - a URI, `postgresql://[user[:password]@][host][:port][,host[:port]…][/dbname][?keyword=value&…]`
    ///   (or `postgres://`), percent-encoded, a host in brackets for IPv6, and
    ///   `postgresql:///dbname?host=/socket/dir&port=N` for a Unix socket; `ssl=true` means
    ///   `sslmode=require`; a later `?password=` replaces the one in the user information;
    /// - key/value pairs, `host=localhost port=5432 dbname=notes password='a b\'c'`.
    ///
    /// The parsing is done here rather than by libpq, because libpq's messages about a
    /// malformed URI quote the URI, password included. A malformed string or an unknown
    /// keyword throws a ``PostgresError`` that names the part at fault but never quotes a
    /// secret: `malformed PostgreSQL URL: the password has an invalid percent-encoding`.
    public init(parsing text: String) throws(PostgresError) {
        var options: [String: String] = [:]
        if let prefix = ["postgresql://", "postgres://"].first(where: text.hasPrefix) {
            for (keyword, value) in try Self.uriOptions(Array(text.utf8.dropFirst(prefix.utf8.count))) {
                options[keyword] = value
            }
        } else {
            for (keyword, value) in try Self.keyValueOptions(Array(text.utf8)) { options[keyword] = value }
        }
        self.init(options: options)
    }

    // MARK: URI

    /// The options of a URI after its `postgresql://` prefix, in order (a later one wins).
    static func uriOptions(_ bytes: [UInt8]) throws(PostgresError) -> [(String, String)] {
        var result: [(String, String)] = []
        var position = 0
        let at = UInt8(ascii: "@")
        let slash = UInt8(ascii: "/")
        let colon = UInt8(ascii: ":")
        let question = UInt8(ascii: "?")
        let comma = UInt8(ascii: ",")
        func scan(until stops: Set<UInt8>) -> [UInt8] {
            let start = position
            while position < bytes.count, !stops.contains(bytes[position]) { position += 1 }
            return Array(bytes[start..<position])
        }
        // User information: as in libpq, everything before an `@` that comes before any `/`.
        if let end = bytes.firstIndex(where: { $0 == at || $0 == slash }), bytes[end] == at {
            let userInfo = Array(bytes[..<end])
            let user = userInfo.prefix { $0 != colon }
            if !user.isEmpty { result.append(("user", try decoded(user, part: "the user name"))) }
            if user.count < userInfo.count {
                let password = userInfo.dropFirst(user.count + 1)
                if !password.isEmpty { result.append(("password", try decoded(password, part: "the password"))) }
            }
            position = end + 1
        }
        // Hosts and ports, comma-separated.
        var hosts: [UInt8] = []
        var ports: [UInt8] = []
        var terminator: UInt8?
        while true {
            if position < bytes.count, bytes[position] == UInt8(ascii: "[") {
                position += 1
                let address = scan(until: [UInt8(ascii: "]")])
                guard position < bytes.count else { throw malformedURL("an IPv6 address in '[' has no closing ']'") }
                guard !address.isEmpty else { throw malformedURL("an IPv6 address in '[ ]' is empty") }
                position += 1
                if position < bytes.count, ![colon, slash, question, comma].contains(bytes[position]) {
                    throw malformedURL("an IPv6 address in '[ ]' must be followed by ':', '/', '?' or ','")
                }
                hosts += address
            } else {
                hosts += scan(until: [colon, slash, question, comma])
            }
            terminator = position < bytes.count ? bytes[position] : nil
            if terminator == colon {
                position += 1
                ports += scan(until: [slash, question, comma])
                terminator = position < bytes.count ? bytes[position] : nil
            }
            guard terminator == comma else { break }
            position += 1
            hosts.append(comma)
            ports.append(comma)
        }
        if !hosts.isEmpty { result.append(("host", try decoded(hosts, part: "the host"))) }
        if !ports.isEmpty { result.append(("port", try decoded(ports, part: "the port"))) }
        if terminator == slash {
            position += 1
            let database = scan(until: [question])
            terminator = position < bytes.count ? bytes[position] : nil
            if !database.isEmpty { result.append(("dbname", try decoded(database, part: "the database name"))) }
        }
        if terminator == question {
            result += try queryOptions(Array(bytes[(position + 1)...]))
        }
        return result
    }

    /// The `keyword=value&…` parameters of a URI.
    static func queryOptions(_ bytes: [UInt8]) throws(PostgresError) -> [(String, String)] {
        var result: [(String, String)] = []
        var parameters = bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
        // As in libpq, an empty query and a trailing '&' are allowed; an empty parameter between two is not.
        if parameters.last?.isEmpty == true { parameters.removeLast() }
        for (index, parameter) in parameters.enumerated() {
            let parts = parameter.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let number = "query parameter \(index + 1)"
            guard parts.count == 2 else { throw malformedURL("\(number) has no '=' between a keyword and a value") }
            var keyword = try decoded(parts[0], part: "the keyword of \(number)")
            guard !parts[1].contains(UInt8(ascii: "=")) else {
                throw malformedURL(
                    knownKeywords.contains(keyword) ? "'\(keyword)=' has a second '='" : "\(number) has a second '='")
            }
            guard knownKeywords.contains(keyword) || keyword == "ssl" else { throw unknownKeyword(keyword, in: "URL") }
            let part = secretKeywords.contains(keyword) ? "the \(keyword)" : "the value of '\(keyword)'"
            var value = try decoded(parts[1], part: part)
            if keyword == "ssl" {
                guard value == "true" else { throw unknownKeyword(keyword, in: "URL") }
                (keyword, value) = ("sslmode", "require")
            }
            result.append((keyword, value))
        }
        return result
    }

    /// `%XX` escapes decoded; the result must be UTF-8 without NUL.
    static func decoded(_ bytes: some Collection<UInt8>, part: String) throws(PostgresError) -> String {
        var result: [UInt8] = []
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                result.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                throw malformedURL("\(part) has an invalid percent-encoding (a '%' not followed by two hex digits)")
            }
            guard high != 0 || low != 0 else { throw malformedURL("\(part) contains %00, which libpq forbids") }
            result.append(high << 4 | low)
        }
        guard let text = String(validating: result, as: UTF8.self) else {
            throw malformedURL("\(part) is not UTF-8 once percent-decoded")
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: Key/value pairs

    /// The pairs of a `keyword=value keyword='quoted value'` string, in order.
    static func keyValueOptions(_ bytes: [UInt8]) throws(PostgresError) -> [(String, String)] {
        var result: [(String, String)] = []
        var position = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        func skipSpaces() { while position < bytes.count, isSpace(bytes[position]) { position += 1 } }
        while true {
            skipSpaces()
            guard position < bytes.count else { break }
            let start = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "="), !isSpace(bytes[position]) {
                position += 1
            }
            let keyword = String(decoding: bytes[start..<position], as: UTF8.self)
            skipSpaces()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                // A word that is not a keyword is not quoted: it may be a password typed alone.
                let what = knownKeywords.contains(keyword) ? "'\(keyword)'" : "the word at byte \(start + 1)"
                throw malformedString("\(what) is not followed by '=' (the form is keyword=value)")
            }
            position += 1
            skipSpaces()
            var value: [UInt8] = []
            if position < bytes.count, bytes[position] == UInt8(ascii: "'") {
                position += 1
                while true {
                    guard position < bytes.count else {
                        throw malformedString("the quoted value of '\(keyword)' has no closing quote")
                    }
                    let byte = bytes[position]
                    position += 1
                    if byte == UInt8(ascii: "'") { break }
                    if byte == UInt8(ascii: "\\"), position < bytes.count {
                        value.append(bytes[position])
                        position += 1
                    } else if byte != UInt8(ascii: "\\") {
                        value.append(byte)
                    }
                }
            } else {
                while position < bytes.count, !isSpace(bytes[position]) {
                    if bytes[position] == UInt8(ascii: "\\") {
                        position += 1
                        if position < bytes.count { value.append(bytes[position]) }
                    } else {
                        value.append(bytes[position])
                    }
                    position += 1
                }
            }
            guard knownKeywords.contains(keyword) else { throw unknownKeyword(keyword, in: "connection string") }
            guard !value.contains(0), let text = String(validating: value, as: UTF8.self) else {
                let part = secretKeywords.contains(keyword) ? "the \(keyword)" : "the value of '\(keyword)'"
                throw malformedString("\(part) is not UTF-8 text")
            }
            result.append((keyword, text))
        }
        return result
    }

    // MARK: Errors

    static func malformedURL(_ message: String) -> PostgresError {
        PostgresError(message: "malformed PostgreSQL URL: \(message)")
    }

    static func malformedString(_ message: String) -> PostgresError {
        PostgresError(message: "malformed PostgreSQL connection string: \(message)")
    }

    static func unknownKeyword(_ keyword: String, in place: String) -> PostgresError {
        PostgresError(message: "unknown PostgreSQL connection option '\(keyword)' in the \(place)")
    }
}
