import Foundation

extension SQLFoldingTable {
    /// `string` folded by the tables alone, as the PostgreSQL helper folds it: cluster by
    /// cluster (a character and the characters that extend it); under `[c]` character by
    /// character; then NFC. The tests hold it equal to the engine's fold.
    ///
    /// ```swift
    /// SQLFoldingTable.shared.fold("ΣΑΣ", .c)      // "σασ"
    /// SQLFoldingTable.shared.fold("e\u{301}", .d) // "e"
    /// ```
    package func fold(_ string: String, _ mode: Mode) -> String {
        let scalars = Array(string.unicodeScalars)
        let mapping = mappings[mode] ?? [:]
        var result: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            let start = scalars[index]
            index += 1
            var cluster = Array(mapping[start.value]?.unicodeScalars ?? String(start).unicodeScalars)
            guard mode != .c else {
                result += cluster
                continue
            }
            let first = index
            while index < scalars.count, extendingSet.contains(scalars[index].value) { index += 1 }
            // Kept marks are decomposed (canonically), as memory's fold does.
            let marks = scalars[first..<index].flatMap {
                String($0).decomposedStringWithCanonicalMapping.unicodeScalars
            }
            switch markRule(start, mode) {
            case .drop: break
            case .keep: cluster += marks
            case .plain:
                // The first mark is looked at before it is decomposed.
                let dropsFirst = scalars[first..<index].first.map { $0.value < Self.romanLimit } ?? false
                let firstLength =
                    scalars[first..<index].first.map {
                        String($0).decomposedStringWithCanonicalMapping.unicodeScalars.count
                    } ?? 0
                cluster += dropsFirst ? Array(marks.dropFirst(firstLength)) : marks
            }
            result += orderingMarks(cluster)
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: result)
        return SQLHelperFunctions.canonicalComposition(String(view))
    }

    /// The trailing run of extending characters of a cluster, stably sorted by combining
    /// class: marks of class 0 move before the others (NFC orders the others afterwards).
    func orderingMarks(_ cluster: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var start = cluster.count
        while start > 0, extendingSet.contains(cluster[start - 1].value) { start -= 1 }
        guard cluster.count - start > 1 else { return cluster }
        let run = cluster[start...]
        let zero = run.filter { $0.properties.canonicalCombiningClass.rawValue == 0 }
        let other = run.filter { $0.properties.canonicalCombiningClass.rawValue != 0 }
        return Array(cluster[..<start]) + zero + other
    }
}
