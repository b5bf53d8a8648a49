import Testing

@testable import KeyPaths

@Suite("XML reader: well-formed documents and errors with line and column")
struct XMLReaderTests {
    static func events(_ text: String) throws(XMLReader.Failure) -> [XMLReader.Event] {
        try XMLReader.events(of: Array(text.utf8))
    }

    @Test("elements, attributes with both quotes, entities, comments, CDATA, DOCTYPE and a byte-order mark")
    func wellFormed() throws {
        let text =
            "\u{FEFF}<?xml version=\"1.0\"?>\n<!DOCTYPE model [ <!ENTITY x \"y\"> ]>\n<!-- a -->\n"
            + "<model a='1' b=\"&lt;&amp;&#65;&#x42;\">\n<e/><![CDATA[ <not a tag> ]]>text &gt;</model>\n"
        #expect(
            try Self.events(text) == [
                .start(name: "model", attributes: ["a": "1", "b": "<&AB"], line: 4),
                .start(name: "e", attributes: [:], line: 5),
                .end(name: "e"), .end(name: "model"),
            ])
    }

    @Test(
        "errors say what is wrong, where",
        arguments: [
            (
                "<model>\n<entity name=\"A\">\n</entty>\n</model>", 3, 9,
                "the end tag </entty> does not match <entity> opened at line 2"
            ),
            ("<model>\n  <a name=x/>", 2, 11, "the value of 'name' in <a> must be in quotes"),
            ("<model>\n<a b=\"1\"", 2, 9, "the document ends inside the tag <a> opened at line 2"),
            ("<model><!-- open", 1, 17, "the comment opened at line 1 is not closed with '-->'"),
            ("<model b=\"&nope;\"/>", 1, 17, "unknown entity '&nope;'"),
            ("<model b=\"a<b\"/>", 1, 12, "'<' inside the value of 'b' (write &lt;)"),
            ("<model/><other/>", 1, 9, "a second root element"),
            ("<model/>junk", 1, 9, "text after the root element"),
            ("", 1, 1, "the document has no root element"),
            ("<model a=\"1\" a=\"2\"/>", 1, 14, "the attribute 'a' appears twice in <model>"),
        ])
    func errors(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try Self.events(text)
            Issue.record("expected an error")
        } catch {
            #expect(error == XMLReader.Failure(line: line, column: column, message: message))
        }
    }

    @Test("bytes that are not UTF-8 are named with their position; deep nesting is refused, not recursed")
    func limits() {
        #expect(throws: XMLReader.Failure(line: 2, column: 4, message: "the file is not UTF-8 text (byte 0xFF)")) {
            try XMLReader.events(of: Array("<a>\n<b>".utf8) + [0xFF] + Array("</b></a>".utf8))
        }
        let deep = String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
        #expect(throws: XMLReader.Failure.self) { try Self.events(deep) }
    }
}
