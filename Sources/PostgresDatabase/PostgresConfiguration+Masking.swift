extension PostgresConnection.Configuration {
    /// `text` with the secrets of any connection string in it replaced by `***`, for echoing
    /// text that may hold one — an unexpected command-line argument, a string that does not
    /// parse. Other text is returned unchanged; the text need not be well formed.
    ///
    /// | text | masked |
    /// |---|---|
    /// | `postgresql://bob:secret@db/notes` | `postgresql://bob:***@db/notes` |
    /// | `postgres://db/notes?sslmode=require&password=x` | `postgres://db/notes?sslmode=require&password=***` |
    /// | `host=db password='a b' user=bob` | `host=db password=*** user=bob` |
    ///
    /// The secrets are libpq's (``secretKeywords``): in a URI, the password of the user
    /// information and the values of `password=` and `sslpassword=` parameters (their names
    /// percent-decoded, as libpq reads them); elsewhere, the value after `password=` or
    /// `sslpassword=`, quoted or not.
    package static func masked(_ text: String) -> String {
        maskedPairs(maskedURIs(Array(text.utf8)))
    }

    /// Masks the user-information password and the secret query parameters of the first
    /// `postgres://` or `postgresql://` URI in `bytes` (it runs to the end).
    private static func maskedURIs(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var position = 0
        let prefix = Array("postgres".utf8)
        while position < bytes.count {
            guard bytes[position...].starts(with: prefix), let start = schemeEnd(bytes, after: position + prefix.count)
            else {
                result.append(bytes[position])
                position += 1
                continue
            }
            result += bytes[position..<start]
            // The URI runs to the end of the text: libpq allows spaces in a password.
            result += maskedURI(Array(bytes[start...]))
            position = bytes.count
        }
        return result
    }

    /// The end of `ql://` or `://` at `offset`, if there.
    private static func schemeEnd(_ bytes: [UInt8], after offset: Int) -> Int? {
        for tail in ["ql://", "://"] where bytes[offset...].starts(with: Array(tail.utf8)) {
            return offset + tail.utf8.count
        }
        return nil
    }

    /// One URI after its scheme, secrets masked.
    private static func maskedURI(_ uri: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var rest = uri[...]
        if let end = rest.firstIndex(where: { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "/") }),
            rest[end] == UInt8(ascii: "@")
        {
            let userInfo = rest[..<end]
            if let colon = userInfo.firstIndex(of: UInt8(ascii: ":")) {
                result += userInfo[...colon] + Array("***".utf8)
            } else {
                result += userInfo
            }
            rest = rest[end...]
        }
        guard let question = rest.firstIndex(of: UInt8(ascii: "?")) else { return result + rest }
        result += rest[...question]
        let parameters = rest[(question + 1)...].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { result.append(UInt8(ascii: "&")) }
            guard let equals = parameter.firstIndex(of: UInt8(ascii: "=")),
                let keyword = try? decoded(parameter[..<equals], part: ""), secretKeywords.contains(keyword)
            else {
                result += parameter
                continue
            }
            result += parameter[...equals] + Array("***".utf8)
        }
        return result
    }

    /// Masks the value after each `password=` or `sslpassword=` (spaces allowed around `=`) that
    /// starts a word; a quoted value is masked to its closing quote.
    private static func maskedPairs(_ bytes: [UInt8]) -> String {
        var result: [UInt8] = []
        var position = 0
        while position < bytes.count {
            let startsWord = position == 0 || !isKeywordByte(bytes[position - 1])
            guard startsWord,
                let keyword = secretKeywords.first(where: { bytes[position...].starts(with: Array($0.utf8)) })
            else {
                result.append(bytes[position])
                position += 1
                continue
            }
            var cursor = position + keyword.utf8.count
            while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else {
                result += bytes[position..<cursor]
                position = cursor
                continue
            }
            cursor += 1
            while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
            result += bytes[position..<cursor] + Array("***".utf8)
            position = valueEnd(bytes, from: cursor)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Where a key/value string's value starting at `start` ends: after its closing quote, or
    /// at the next space or `&` (a URI's next parameter).
    private static func valueEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var cursor = start
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "'") {
            cursor += 1
            while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "'") {
                cursor += bytes[cursor] == UInt8(ascii: "\\") ? 2 : 1
            }
            return min(cursor + 1, bytes.count)
        }
        while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: "&") {
            cursor += bytes[cursor] == UInt8(ascii: "\\") ? 2 : 1
        }
        return min(cursor, bytes.count)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    private static func isKeywordByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
