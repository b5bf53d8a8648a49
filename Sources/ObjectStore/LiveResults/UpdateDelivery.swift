import Foundation

/// Where the observers of a ``LiveResults`` run. Whichever it is, they receive the updates one
/// at a time, in the order the changes were applied (``ResultUpdate/sequence``), and never
/// while the results are locked: an observer may read the results or apply another change.
///
/// ```swift
/// let results = try LiveResults(request: request, graph: graph, scheduler: .queue(.main))
/// ```
public enum ObservationScheduler: Sendable {
    /// On a thread that applies changes, before its `apply` returns: the default. A thread
    /// that applies a change delivers it to every observer, then delivers the changes other
    /// threads applied meanwhile, until none is left. A change applied while another thread
    /// delivers (or by an observer, from inside its callback) is delivered by that thread after
    /// the updates before it, and its `apply` returns without waiting for that.
    case immediate
    /// Asynchronously on `queue` (through a serial queue of the results' own that targets it,
    /// so the order holds even when `queue` is concurrent); `apply` returns at once.
    case queue(DispatchQueue)
}

/// The serial delivery of one ``LiveResults``' updates: each update is handed over while the
/// results are still locked, so in the order the changes were applied, and delivered after
/// the one before it to every observer registered when its change was applied and not
/// cancelled since — the one mechanism behind both schedulers, as GRDB's observation keeps its
/// notifications in transaction order through one serial reducer.
///
/// Lock order: the results' lock, then this one; observer code runs under neither.
final class UpdateDelivery: @unchecked Sendable {
    // `@unchecked`: every stored `var` is guarded by `lock`; `serial` is itself thread-safe.

    /// A registered observer: what it does with an update, and how a stream ends.
    private struct Observer {
        let receive: @Sendable (ResultUpdate) -> Void
        let finish: (@Sendable () -> Void)?
    }

    private let lock = NSLock()
    /// The serial queue of a ``ObservationScheduler/queue(_:)`` scheduler; `nil` for immediate.
    private let serial: DispatchQueue?
    private var observers: [Int: Observer] = [:]
    /// The observers' ids in the order they registered (the order each update reaches them).
    private var order: [Int] = []
    private var nextID = 0
    /// Immediate delivery: the updates handed over and not delivered yet, with their receivers.
    private var pending: [(update: ResultUpdate, receivers: [Int])] = []
    /// Immediate delivery: whether a thread is delivering (it delivers everything pending).
    private var delivering = false

    init(scheduler: ObservationScheduler) {
        switch scheduler {
        case .immediate: serial = nil
        case .queue(let queue): serial = DispatchQueue(label: "PredicateEngine.LiveResults", target: queue)
        }
    }

    /// Registers an observer and returns its id.
    func add(_ receive: @escaping @Sendable (ResultUpdate) -> Void, finish: (@Sendable () -> Void)? = nil) -> Int {
        lock.withLock {
            nextID += 1
            observers[nextID] = Observer(receive: receive, finish: finish)
            order.append(nextID)
            return nextID
        }
    }

    /// Unregisters an observer: it receives nothing more, not even updates already handed over.
    func remove(_ id: Int) {
        lock.withLock {
            guard observers.removeValue(forKey: id) != nil else { return }
            order.removeAll { $0 == id }
        }
    }

    /// Hands over the update of the change just applied; called while the results are locked.
    /// Returns whether the caller must call ``drain()`` once it has released that lock (an
    /// immediate delivery that no other thread is running).
    func handOver(_ update: ResultUpdate) -> Bool {
        lock.withLock {
            let receivers = order
            if let serial {
                serial.async { self.deliver(update, to: receivers) }
                return false
            }
            pending.append((update, receivers))
            if delivering { return false }
            delivering = true
            return true
        }
    }

    /// Delivers every pending update in order, including those handed over while it runs.
    func drain() {
        while true {
            let batch: [(update: ResultUpdate, receivers: [Int])] = lock.withLock {
                if pending.isEmpty { delivering = false }
                defer { pending = [] }
                return pending
            }
            if batch.isEmpty { return }
            for (update, receivers) in batch { deliver(update, to: receivers) }
        }
    }

    /// Ends every stream once the updates handed over before are delivered.
    func finishAll() {
        let finish: @Sendable () -> Void = {
            let finishers = self.lock.withLock { self.order.compactMap { self.observers[$0]?.finish } }
            for finisher in finishers { finisher() }
        }
        if let serial { serial.async(execute: finish) } else { finish() }
    }

    /// Gives `update` to each receiver still registered, outside the lock.
    private func deliver(_ update: ResultUpdate, to receivers: [Int]) {
        for id in receivers {
            guard let observer = lock.withLock({ observers[id] }) else { continue }
            observer.receive(update)
        }
    }
}

/// Ends an observation when cancelled or released.
public final class ObservationToken: Sendable {
    private let cancellation: @Sendable () -> Void

    init(_ cancellation: @escaping @Sendable () -> Void) {
        self.cancellation = cancellation
    }

    /// Stops the observation.
    public func cancel() { cancellation() }

    deinit { cancellation() }
}
