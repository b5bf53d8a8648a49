import Evaluation
import Foundation
import KeyPaths
import ObjectStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `db create` without building the graph (issue 21): the rows are written while the graph
/// file is read (``ObjectGraph/writeStreamed(json:schema:mapping:into:consumed:)``), the file
/// mapped into memory and each part released once read, so that memory holds the ids and
/// little else.
///
/// This is tried first, for a graph file on disk whose mapping has no name problem; it
/// succeeds only for a file in which every object states only what its own row holds (see
/// ``ObjectGraph/writeStreamed(json:schema:mapping:into:consumed:)``) with integer ids. For any
/// other file, and on any failure (a problem of the file, a database that refuses), it leaves
/// nothing — the transaction rolls back, a SQLite file being built is removed — and `db create`
/// does its whole-graph run from the start, so every message and exit status is that run's.
extension DatabaseCreation {
    /// Creates the database with the rows of `graphPath` written as they are read; the number
    /// of objects, or `nil` when nothing was written (the whole-graph run follows).
    func createStreamed(_ schema: Schema, graphPath: String, coreData: Bool) -> (tables: Int, objects: Int)? {
        let dialect = target.dialect
        guard graphPath != "-", let mapping = try? ObjectGraph.streamingMapping(schema, coreData: coreData),
            SQLSchemaDefinition.problems(for: mapping, dialect: dialect).isEmpty,
            let file = MappedFile(path: graphPath)
        else { return nil }
        let written = WrittenCount()
        let content = Content(
            definition: SQLSchemaDefinition.statements(for: mapping, dialect: dialect, indexes: false),
            load: { database in
                written.objects = try ObjectGraph.writeStreamed(
                    json: file.bytes, schema: schema, mapping: mapping, into: database, consumed: file.release)
            },
            indexes: SQLSchemaDefinition.indexStatements(for: mapping, dialect: dialect)
                + SQLChangeLogTables.freshLog(dialect: dialect))
        guard case .success = create(content, mapping: mapping) else { return nil }
        return (mapping.entityTables.count + mapping.joinTables.count, written.objects)
    }
}

/// The number of objects the load wrote, kept past the closure that writes them.
private final class WrittenCount {
    var objects = 0
}

/// A regular file mapped read-only into memory, whose pages are given back as reading moves
/// past them (``release(upTo:)``), so that the resident memory of a file read once from the
/// start to the end stays a few megabytes whatever its size.
final class MappedFile {
    private let base: UnsafeMutableRawPointer
    private let count: Int
    private var released = 0
    private let page = max(1, Int(sysconf(Int32(_SC_PAGESIZE))))
    /// Pages are given back in steps of at least this many bytes.
    private static let step = 4 << 20

    /// Maps the file at `path`; `nil` for anything but a non-empty regular file that maps.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0,
            let mapped = mmap(nil, Int(status.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0),
            mapped != MAP_FAILED
        else { return nil }
        base = mapped
        count = Int(status.st_size)
        _ = madvise(base, count, MADV_SEQUENTIAL)
    }

    deinit { munmap(base, count) }

    /// The file's bytes.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Gives back the whole pages before `offset` (they are read again from the file if
    /// touched again).
    func release(upTo offset: Int) {
        let end = min(offset, count) / page * page
        guard end - released >= Self.step else { return }
        _ = madvise(base + released, end - released, MADV_DONTNEED)
        released = end
    }
}
