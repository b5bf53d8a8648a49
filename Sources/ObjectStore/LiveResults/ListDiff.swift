/// The changes that turn one list of unique elements into another: removals, insertions, moves
/// and updates, in an order that applies cleanly — the contract of the standard library's
/// `CollectionDifference`, plus updates.
///
/// ```swift
/// let diff = ListDiff(from: ["a", "b", "c", "d"], to: ["d", "a", "c", "e"], updated: ["c"])
/// diff.removals     // [1 "b", 3 "d" (moved to 0)]        offsets in the old list
/// diff.insertions   // [0 "d" (moved from 3), 3 "e"]       offsets in the new list
/// diff.updates      // ["c": old 2 → new 2]
/// diff.applied(to: ["a", "b", "c", "d"]) == ["d", "a", "c", "e"]
/// ```
///
/// Apply the removals from the highest offset to the lowest, then the insertions from the
/// lowest to the highest (``applied(to:)`` does). A moved element appears once among the
/// removals and once among the insertions, each naming the other's offset, and is never
/// reported otherwise; moves are as few as possible (the elements kept in place form a longest
/// common subsequence). An update names an element present in both lists whose values changed;
/// a moved element is also updated only when the caller says it changed beyond its position.
public struct ListDiff<Element: Hashable & Sendable>: Sendable, Hashable {
    /// An element leaving the old list.
    public struct Removal: Sendable, Hashable {
        /// Its offset in the old list.
        public var offset: Int
        /// The element.
        public var element: Element
        /// For a move, its offset in the new list.
        public var movedTo: Int?

        /// Creates a removal.
        public init(offset: Int, element: Element, movedTo: Int? = nil) {
            self.offset = offset
            self.element = element
            self.movedTo = movedTo
        }
    }

    /// An element entering the new list.
    public struct Insertion: Sendable, Hashable {
        /// Its offset in the new list.
        public var offset: Int
        /// The element.
        public var element: Element
        /// For a move, its offset in the old list.
        public var movedFrom: Int?

        /// Creates an insertion.
        public init(offset: Int, element: Element, movedFrom: Int? = nil) {
            self.offset = offset
            self.element = element
            self.movedFrom = movedFrom
        }
    }

    /// An element in both lists whose values changed.
    public struct Update: Sendable, Hashable {
        /// Its offset in the old list.
        public var oldOffset: Int
        /// Its offset in the new list.
        public var newOffset: Int
        /// The element.
        public var element: Element

        /// Creates an update.
        public init(oldOffset: Int, newOffset: Int, element: Element) {
            self.oldOffset = oldOffset
            self.newOffset = newOffset
            self.element = element
        }
    }

    /// Removals, by increasing offset in the old list.
    public var removals: [Removal]
    /// Insertions, by increasing offset in the new list.
    public var insertions: [Insertion]
    /// Updates, by increasing offset in the new list.
    public var updates: [Update]

    /// Creates a diff from its parts (which must satisfy the contract above).
    public init(removals: [Removal] = [], insertions: [Insertion] = [], updates: [Update] = []) {
        self.removals = removals
        self.insertions = insertions
        self.updates = updates
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { removals.isEmpty && insertions.isEmpty && updates.isEmpty }

    /// The moves, `(from: old offset, to: new offset)`, by increasing new offset.
    public var moves: [(from: Int, to: Int)] {
        insertions.compactMap { insertion in insertion.movedFrom.map { (from: $0, to: insertion.offset) } }
    }

    /// The diff from `old` to `new` (each without duplicates); `updated` lists the elements
    /// whose values changed.
    public init(from old: [Element], to new: [Element], updated: Set<Element> = []) {
        self.init(from: old, to: new, touched: { _ in true }, updated: { updated.contains($0) })
    }

    /// The diff from `old` to `new` when only the `touched` elements can have been removed,
    /// inserted or moved: the others are in both lists in the same relative order. The cost is
    /// one pass over each list plus `k log k` for the `k` touched elements, so a live list of a
    /// million rows is diffed in milliseconds after a small change. `updated` is asked only
    /// about touched elements.
    init(from old: [Element], to new: [Element], touched: (Element) -> Bool, updated: (Element) -> Bool) {
        self.init(places: Self.touchedPlaces(in: old, touched), Self.touchedPlaces(in: new, touched), updated: updated)
    }

    /// Where a touched element stands in one list: its offset, and how many untouched elements
    /// precede it (an element can stay in place only if that count is the same in both lists).
    struct Place {
        var element: Element
        var offset: Int
        var gap: Int
    }

    /// The places of the `touched` elements of `list`, by increasing offset.
    static func touchedPlaces(in list: [Element], _ touched: (Element) -> Bool) -> [Place] {
        var places: [Place] = []
        for (offset, element) in list.enumerated() where touched(element) {
            places.append(Place(element: element, offset: offset, gap: offset - places.count))
        }
        return places
    }

    /// The places, by increasing offset, of touched elements at the given offsets (untouched
    /// elements are those at every other offset).
    static func places(_ touched: [(element: Element, offset: Int)]) -> [Place] {
        touched.sorted { $0.offset < $1.offset }.enumerated().map { index, item in
            Place(element: item.element, offset: item.offset, gap: item.offset - index)
        }
    }

    /// The diff from the places of the touched elements in the old and the new list (each by
    /// increasing offset), when the untouched elements are in both lists in the same relative
    /// order: `k log k` for `k` touched elements, whatever the length of the lists. Live
    /// results know these places from their binary searches and merges.
    init(places oldList: [Place], _ newPlaces: [Place], updated: (Element) -> Bool) {
        var oldPlaces: [Element: (offset: Int, gap: Int)] = [:]
        oldPlaces.reserveCapacity(oldList.count)
        for place in oldList { oldPlaces[place.element] = (place.offset, place.gap) }
        var newOffsets: [Element: Int] = [:]
        newOffsets.reserveCapacity(newPlaces.count)
        for place in newPlaces { newOffsets[place.element] = place.offset }
        // Elements in both lists that may stay, in old order; the longest run whose new
        // offsets increase stays, the others move.
        var candidates: [(element: Element, old: Int, new: Int)] = []
        var moved: Set<Element> = []
        for place in newPlaces {
            guard let before = oldPlaces[place.element] else { continue }
            if before.gap == place.gap {
                candidates.append((place.element, before.offset, place.offset))
            } else {
                moved.insert(place.element)
            }
        }
        candidates.sort { $0.old < $1.old }
        let staying = Self.longestIncreasingRun(candidates.map(\.new))
        for (index, candidate) in candidates.enumerated() where !staying.contains(index) {
            moved.insert(candidate.element)
        }
        var removals: [Removal] = []
        for place in oldList {
            if let target = newOffsets[place.element] {
                if moved.contains(place.element) {
                    removals.append(Removal(offset: place.offset, element: place.element, movedTo: target))
                }
            } else {
                removals.append(Removal(offset: place.offset, element: place.element, movedTo: nil))
            }
        }
        var insertions: [Insertion] = []
        var updates: [Update] = []
        for place in newPlaces {
            guard let before = oldPlaces[place.element] else {
                insertions.append(Insertion(offset: place.offset, element: place.element, movedFrom: nil))
                continue
            }
            if moved.contains(place.element) {
                insertions.append(Insertion(offset: place.offset, element: place.element, movedFrom: before.offset))
            }
            if updated(place.element) {
                updates.append(Update(oldOffset: before.offset, newOffset: place.offset, element: place.element))
            }
        }
        self.init(removals: removals, insertions: insertions, updates: updates)
    }

    /// `list` with the removals and insertions applied (updates change no position).
    /// Returns `nil` when the diff does not fit `list` (an offset out of range or naming
    /// another element).
    public func applied(to list: [Element]) -> [Element]? {
        var result = list
        for removal in removals.reversed() {
            guard result.indices.contains(removal.offset), result[removal.offset] == removal.element else { return nil }
            result.remove(at: removal.offset)
        }
        for insertion in insertions {
            guard insertion.offset <= result.count else { return nil }
            result.insert(insertion.element, at: insertion.offset)
        }
        return result
    }

    /// The indexes of a longest strictly increasing subsequence of `values` (patience sorting,
    /// `n log n`).
    static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []  // index into values of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var result: Set<Int> = []
        var current = tails.last ?? -1
        while current >= 0 {
            result.insert(current)
            current = previous[current]
        }
        return result
    }
}
