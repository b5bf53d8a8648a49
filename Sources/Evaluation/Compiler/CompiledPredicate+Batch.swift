import Foundation
import Predicates

/// Batch entry points: one call tests a whole collection.
///
/// Calling ``CompiledPredicate/evaluate(_:)`` once per element of a `[Person]` makes Swift copy
/// each element into the call (a retain and a release of every reference the struct holds,
/// `name` and `tags` for the benchmark's `Person`: most of the time of `age > 30`). When the
/// predicate compares only stored numbers declared by key path (`.int(\.age)`,
/// `.double(\.score)`) with number constants, under AND, OR and NOT, these entry points read
/// the numbers in place from the collection's contiguous storage, a chunk of elements at a
/// time: no call and no copy per element. Otherwise they test element by element.
///
/// ```swift
/// let adults = try PredicateCompiler().compile(PredicateNode(format: "age > 30"), for: Person.self)
/// try adults.count(in: people)          // how many match
/// try adults.filter(people)             // the matches ([Person], in order)
/// try adults.matchingIndices(in: people) // their positions
/// ```
extension CompiledPredicate {
    /// How many elements of `objects` match. Stops at the first evaluation error.
    @inlinable
    public func count<Objects: Collection>(
        in objects: Objects, variables: [String: EvaluationValue] = [:]
    ) throws(EvaluationError) -> Int where Objects.Element == Root {
        let frame = makeFrame(variables)
        let inPlace = objects.withContiguousStorageIfAvailable { buffer in
            Result { () throws(EvaluationError) in try countInPlace(buffer, frame) }
        }
        if let inPlace { return try inPlace.get() }
        var count = 0
        for object in objects {
            var copy = frame
            if try test(object, &copy) { count += 1 }
        }
        return count
    }

    /// The offsets (from the start, `0..<objects.count`) of the elements of `objects` that
    /// match, in order. Stops at the first evaluation error.
    @inlinable
    public func matchingIndices<Objects: Collection>(
        in objects: Objects, variables: [String: EvaluationValue] = [:]
    ) throws(EvaluationError) -> [Int] where Objects.Element == Root {
        let frame = makeFrame(variables)
        let inPlace = objects.withContiguousStorageIfAvailable { buffer in
            Result { () throws(EvaluationError) in try offsetsInPlace(buffer, frame) }
        }
        if let inPlace { return try inPlace.get() }
        var offsets: [Int] = []
        for (offset, object) in objects.enumerated() {
            var copy = frame
            if try test(object, &copy) { offsets.append(offset) }
        }
        return offsets
    }

    /// The count over elements in place. Not inlinable on purpose: in this generic body an
    /// element of the buffer is passed to the compiled test by address, as the test expects
    /// it, where a specialised caller would first load (and copy) the struct.
    @usableFromInline
    func countInPlace(_ buffer: UnsafeBufferPointer<Root>, _ frame: EvaluationFrame) throws(EvaluationError) -> Int {
        var count = 0
        if let batch, let base = buffer.baseAddress {
            batch.forEachChunk(UnsafeRawPointer(base), count: buffer.count) { _, verdicts in
                for verdict in verdicts where verdict { count += 1 }
            }
            return count
        }
        let test = self.test
        if frame.slots.isEmpty {
            var shared = frame
            for index in buffer.indices where try test(buffer[index], &shared) { count += 1 }
            return count
        }
        for index in buffer.indices {
            var copy = frame
            if try test(buffer[index], &copy) { count += 1 }
        }
        return count
    }

    /// The matching offsets over elements in place (see ``countInPlace(_:_:)``).
    @usableFromInline
    func offsetsInPlace(_ buffer: UnsafeBufferPointer<Root>, _ frame: EvaluationFrame) throws(EvaluationError)
        -> [Int]
    {
        var offsets: [Int] = []
        if let batch, let base = buffer.baseAddress {
            batch.forEachChunk(UnsafeRawPointer(base), count: buffer.count) { start, verdicts in
                for (index, verdict) in verdicts.enumerated() where verdict { offsets.append(start + index) }
            }
            return offsets
        }
        let test = self.test
        for index in buffer.indices {
            var copy = frame
            if try test(buffer[index], &copy) { offsets.append(index) }
        }
        return offsets
    }
}

extension CompiledPredicate {
    /// Whether the batch entry points read the keys in place (every key the predicate compares
    /// is a stored number declared by key path, compared with a number constant).
    public var isBatched: Bool { batch != nil }
}
