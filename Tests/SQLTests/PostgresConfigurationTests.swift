import Foundation
import PostgresDatabase
import Testing

/// Reading libpq connection strings into a ``PostgresConnection/Configuration``, and the rule
/// that nothing printed from one shows a password. No server needed.
@Suite("PostgreSQL connection configuration")
struct PostgresConfigurationTests {
    typealias Configuration = PostgresConnection.Configuration

    @Test(
        "a URI gives libpq's options, the password kept apart",
        arguments: [
            (
                "postgresql://bob:secret@db.example.com:5433/notes?sslmode=require",
                ["host": "db.example.com", "port": "5433", "dbname": "notes", "user": "bob", "sslmode": "require"]
            ),
            ("postgres://db/notes", ["host": "db", "dbname": "notes"]),
            ("postgresql://", [:]),
            (
                "postgresql:///test?host=/tmp/pg-socket&port=5432&user=postgres",
                ["host": "/tmp/pg-socket", "port": "5432", "dbname": "test", "user": "postgres"]
            ),
            ("postgresql://%2Fvar%2Frun%2Fpostgresql/notes", ["host": "/var/run/postgresql", "dbname": "notes"]),
            ("postgresql://[::1]:5432/notes", ["host": "::1", "port": "5432", "dbname": "notes"]),
            ("postgresql://a:1,b:2/notes", ["host": "a,b", "port": "1,2", "dbname": "notes"]),
            ("postgresql://h/d?ssl=true", ["host": "h", "dbname": "d", "sslmode": "require"]),
            ("postgresql://h/d?connect_timeout=3&", ["host": "h", "dbname": "d", "connect_timeout": "3"]),
            ("postgresql://b%40b:p%3Aw@h/d%20x", ["host": "h", "dbname": "d x", "user": "b@b"]),
            ("postgresql://h/d?application_name=", ["host": "h", "dbname": "d"]),
        ])
    func uri(text: String, options: [String: String]) throws {
        #expect(try Configuration(parsing: text).options == options)
    }

    @Test(
        "key/value pairs give libpq's options",
        arguments: [
            ("host=localhost port=5432 dbname=notes", ["host": "localhost", "port": "5432", "dbname": "notes"]),
            ("  host = db   user=bob  ", ["host": "db", "user": "bob"]),
            (#"dbname='my notes' user='o\'neil' host=a\ b"#, ["dbname": "my notes", "user": "o'neil", "host": "a b"]),
            ("", [:]),
            ("password=secret host=h", ["host": "h"]),
        ])
    func keyValue(text: String, options: [String: String]) throws {
        #expect(try Configuration(parsing: text).options == options)
    }

    @Test("the password comes from the user information, ?password= or password=; the last one given wins")
    func passwords() throws {
        #expect(try Configuration(parsing: "postgresql://bob:secret@h/d").hasPassword)
        #expect(try Configuration(parsing: "postgresql://bob@h/d?password=hunter2").hasPassword)
        #expect(try Configuration(parsing: "host=h password='a b'").hasPassword)
        #expect(try !Configuration(parsing: "postgresql://bob@h/d").hasPassword)
        #expect(try !Configuration(parsing: "postgresql://bob:@h/d").hasPassword)
        // What libpq connects with: the query's password replaces the user information's.
        let both = try Configuration(parsing: "postgresql://bob:first-pw@h/d?password=second-pw")
        #expect(both.connectionParameters.contains { $0 == ("password", "second-pw") })
        #expect(!both.connectionParameters.contains { $0.value == "first-pw" })
    }

    @Test(
        "the description shows host, port, database and user; never a password",
        arguments: [
            (
                "postgresql://bob:secret@localhost:1/x?password=hunter2&sslpassword=keypass",
                "host=localhost port=1 dbname=x user=bob"
            ),
            ("host=h password='se cret' dbname='my notes'", "host=h dbname='my notes'"),
            ("postgresql://:secret@/", "libpq's default server"),
        ])
    func description(text: String, expected: String) throws {
        let configuration = try Configuration(parsing: text)
        #expect(configuration.description == expected)
        #expect("\(configuration)" == expected)
        var dumped = ""
        dump(configuration, to: &dumped)
        for secret in ["secret", "hunter2", "keypass", "se cret"] {
            #expect(!dumped.contains(secret))
            #expect(!String(reflecting: configuration).contains(secret))
        }
    }

    @Test("connect_timeout defaults to 10 seconds; one given in the string is kept")
    func connectTimeout() throws {
        #expect(Configuration.defaultConnectTimeout == 10)
        let plain = try Configuration(parsing: "postgresql://h/d")
        #expect(plain.connectTimeout == "10")
        #expect(plain.connectionParameters.contains { $0 == ("connect_timeout", "10") })
        let given = try Configuration(parsing: "postgresql://h/d?connect_timeout=3")
        #expect(given.connectTimeout == "3")
        #expect(given.connectionParameters.filter { $0.keyword == "connect_timeout" }.map(\.value) == ["3"])
        let pairs = try Configuration(parsing: "host=h connect_timeout=0")
        #expect(pairs.connectionParameters.filter { $0.keyword == "connect_timeout" }.map(\.value) == ["0"])
    }

    @Test(
        "a malformed string or an unknown option is refused by a message that quotes no password",
        arguments: [
            (
                "postgresql://bob:se%zzcret@h/x",
                "malformed PostgreSQL URL: the password has an invalid percent-encoding (a '%' not followed by two hex digits)"
            ),
            ("postgresql://bob:secret@h/x?foo=bar", "unknown PostgreSQL connection option 'foo' in the URL"),
            (
                "postgresql://bob:secret@[::1/x",
                "malformed PostgreSQL URL: an IPv6 address in '[' has no closing ']'"
            ),
            (
                "postgresql://bob:secret@h/x?secret",
                "malformed PostgreSQL URL: query parameter 1 has no '=' between a keyword and a value"
            ),
            ("postgresql://h/x?password=a=secret", "malformed PostgreSQL URL: 'password=' has a second '='"),
            ("postgresql://h/x?ssl=secret", "unknown PostgreSQL connection option 'ssl' in the URL"),
            (
                "postgresql://bob:sec%00ret@h/x",
                "malformed PostgreSQL URL: the password contains %00, which libpq forbids"
            ),
            (
                "host=h password='secret",
                "malformed PostgreSQL connection string: the quoted value of 'password' has no closing quote"
            ),
            (
                "host=h secret",
                "malformed PostgreSQL connection string: the word at byte 8 is not followed by '=' (the form is keyword=value)"
            ),
            ("host=h password=secret foo=1", "unknown PostgreSQL connection option 'foo' in the connection string"),
        ])
    func malformed(text: String, message: String) {
        let error = #expect(throws: PostgresError.self) { try Configuration(parsing: text) }
        #expect(error?.message == message)
        #expect(error?.description.contains("secret") == false)
    }

    @Test(
        "masking a text that may hold a connection string",
        arguments: [
            ("postgresql://bob:secret@db/notes", "postgresql://bob:***@db/notes"),
            ("postgres://db/notes?sslmode=require&password=x", "postgres://db/notes?sslmode=require&password=***"),
            ("--db=postgresql://bob:secret@db/n?%70assword=x", "--db=postgresql://bob:***@db/n?%70assword=***"),
            ("postgresql://bob:my secret@db/notes", "postgresql://bob:***@db/notes"),
            ("postgresql://bob:se%zzcret@[::1/x", "postgresql://bob:***@[::1/x"),
            ("host=db password='a b' user=bob", "host=db password=*** user=bob"),
            ("host=db sslpassword = x\\ y", "host=db sslpassword = ***"),
            ("nopassword=1 mypassword=2", "nopassword=1 mypassword=2"),
            ("bucket.name == 'Inbox'", "bucket.name == 'Inbox'"),
        ])
    func masking(text: String, expected: String) {
        #expect(Configuration.masked(text) == expected)
    }

    @Test("a secret found in a message is replaced (four characters or more)")
    func redacting() throws {
        let configuration = try Configuration(parsing: "postgresql://bob:hunter2@h/d")
        #expect(configuration.redacting("user bob, password hunter2!") == "user bob, password ***!")
        let short = try Configuration(parsing: "postgresql://bob:abc@h/d")
        #expect(short.redacting("abc") == "abc")
    }
}
