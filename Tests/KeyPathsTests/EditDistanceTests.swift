import Testing

@testable import KeyPaths

@Suite("Edit distance and suggestions")
struct EditDistanceTests {
    @Test(
        "optimal string alignment distance",
        arguments: [
            ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("name", "name", 0), ("nmae", "name", 1),
            ("name", "names", 1), ("name", "nme", 1), ("name", "game", 1), ("bukcet", "bucket", 1),
            ("kitten", "sitting", 3), ("ca", "abc", 3), ("Name", "name", 1), ("émile", "emile", 1),
        ])
    func distance(a: String, b: String, expected: Int) {
        #expect(EditDistance.distance(a, b) == expected)
        #expect(EditDistance.distance(b, a) == expected)
    }

    @Test(
        "best match",
        arguments: [
            ("nmae", ["size", "name", "creationDate"], "name"),
            ("NAME", ["name", "names"], "name"),
            ("sise", ["name", "size", "site"], "size"),
            ("xyz", ["name", "size"], nil),
            ("creationdte", ["creationDate", "name"], "creationDate"),
            ("name", ["name"], nil),
            ("", ["a"], nil),
            ("a", ["b", "ab"], "ab"),
            ("Z", ["A"], nil),
            ("@cnt", ["@count", "@sum"], "@count"),
            ("widht", ["height", "width"], "width"),
            (String(repeating: "a", count: 65), [String(repeating: "a", count: 64)], nil),
        ] as [(String, [String], String?)])
    func bestMatch(name: String, candidates: [String], expected: String?) {
        #expect(EditDistance.bestMatch(for: name, among: candidates) == expected)
    }
}
