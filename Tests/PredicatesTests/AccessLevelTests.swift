import Foundation
import Testing

/// Access levels across the package's sources: a `public` member of a `package` type is
/// `package` in effect, yet reads as API and gets linked from public documentation (as
/// `DiagnosticCatalog.warningIdentifiers` was).
@Suite("Sources: access levels")
struct AccessLevelTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // PredicatesTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Sources")

    /// Every Swift file under Sources, with its lines.
    static func files() throws -> [(path: String, lines: [Substring])] {
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        var files: [(String, [Substring])] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            files.append((url.path, text.split(separator: "\n", omittingEmptySubsequences: false)))
        }
        return files
    }

    /// The name a top-level line declares as a `package` type, or `nil`.
    static func packageType(_ line: Substring) -> String? {
        let words = line.split(separator: " ")
        guard words.first == "package" else { return nil }
        let rest = words.dropFirst().drop { $0 == "final" }
        guard let kind = rest.first, ["enum", "struct", "class", "actor"].contains(kind), rest.count > 1 else {
            return nil
        }
        return String(rest[rest.index(after: rest.startIndex)].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    @Test("no package type, or extension of one, declares a public member")
    func noPublicMembersInPackageTypes() throws {
        let files = try Self.files()
        #expect(files.count > 100)
        let packageTypes = Set(files.flatMap { $0.lines.compactMap(Self.packageType) })
        #expect(packageTypes.contains("DiagnosticCatalog"))
        var found: [String] = []
        for (path, lines) in files {
            var current: String?
            for (number, line) in lines.enumerated() {
                if let name = Self.packageType(line) {
                    current = name
                } else if line.hasPrefix("extension ") {
                    let name = line.dropFirst("extension ".count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    current = packageTypes.contains(String(name)) ? String(name) : nil
                } else if line.hasPrefix("}") {
                    current = nil
                } else if let current, line.drop(while: { $0 == " " }).hasPrefix("public ") {
                    found.append(
                        "\(path.split(separator: "/").suffix(3).joined(separator: "/")):\(number + 1) in \(current)")
                }
            }
        }
        #expect(found.isEmpty, "public members of package types: \(found)")
    }
}
