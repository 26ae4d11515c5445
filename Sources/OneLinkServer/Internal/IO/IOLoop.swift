import Foundation
import OneLinkEmulator
import OneLinkSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's one I/O thread: a `poll(2)` loop over the listener, a wake pipe and every connection.
///
/// Complete requests go to `handler` in a task; the answer comes back through `complete(_:_:)`,
/// which queues it and wakes the loop. What other threads touch (answers, stop requests, the
/// connection count) is behind one `Locked`; the connections themselves live in an `IOLoopThread`
/// that the loop's thread makes and alone uses, so this type holds only constants and that lock.
final class IOLoop: Sendable {
    typealias Handler = @Sendable (ServerRequest, _ clientIP: String) async -> ServerResponse

    fileprivate struct Shared {
        var completions: [(UInt64, ServerResponse)] = []
        var tasks: [UInt64: Task<Void, Never>] = [:]
        var stopping = false
        var finished = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var openConnections = 0
    }

    fileprivate let shared = Locked(Shared())
    fileprivate let listener: Int32
    fileprivate let wakeRead: Int32
    fileprivate let wakeWrite: Int32
    fileprivate let limits: ServerLimits
    fileprivate let logSink: any RequestLogSink
    fileprivate let handler: Handler
    fileprivate let drainTimeout: Duration

    init(
        listener: Int32, limits: ServerLimits, logSink: any RequestLogSink, handler: @escaping Handler
    )
        throws(ServerError)
    {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw .socketFailed(call: "pipe", reason: Socket.errorText()) }
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        Socket.setNonBlocking(wakeRead)
        Socket.setNonBlocking(wakeWrite)
        self.listener = listener
        self.limits = limits
        self.logSink = logSink
        self.handler = handler
        drainTimeout = min(limits.requestTimeout, .seconds(2))
    }

    /// Starts the loop on a new thread.
    func start() {
        let thread = Thread { [self] in IOLoopThread(loop: self).run() }
        thread.name = "OneLinkServer I/O"
        thread.start()
    }

    /// Asks the loop to close everything, and returns once it has.
    func stop() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = shared.withLock { state -> Bool in
                if state.finished { return true }
                state.stopping = true
                state.waiters.append(continuation)
                return false
            }
            if done {
                continuation.resume()
            } else {
                wake()
            }
        }
    }

    /// Asks the loop to close everything without waiting for it.
    func requestStop() {
        shared.withLock { $0.stopping = true }
        wake()
    }

    /// The number of open connections.
    var openConnectionCount: Int { shared.withLock { $0.openConnections } }

    /// Writes a byte to the wake pipe, unless the loop has finished and closed it.
    ///
    /// The check and the write share the lock that guards closing the pipe: once closed, its
    /// descriptor number may belong to another socket, and a stray byte there would corrupt it.
    fileprivate func wake() {
        shared.withLock { state in
            guard !state.finished else { return }
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
        }
    }

    fileprivate func complete(_ id: UInt64, _ response: ServerResponse) {
        shared.withLock { $0.completions.append((id, response)) }
        wake()
    }
}

/// The loop's own state (the connections, the read buffer) and the loop over it: made on the loop's
/// thread by ``IOLoop/start()`` and touched only there.
private final class IOLoopThread {
    private enum State {
        case reading
        case processing
        case writing
        case draining
    }

    private enum AfterWrite {
        case keepAlive
        case close
        case reset
    }

    private final class Connection {
        let id: UInt64
        let fd: Int32
        let client: String
        let ip: String
        var parser: HTTPRequestParser
        var state = State.reading
        var deadline: ContinuousClock.Instant
        var served = 0
        var requestStarted = false
        var peerClosed = false
        var sentContinue = false
        var keepAlive = false
        var output: [UInt8] = []
        var written = 0
        var headLength = 0
        var afterWrite = AfterWrite.close
        var requestLine = "-"
        var status = 0
        var started = ContinuousClock.now
        /// Since when the connection has been waiting for (the rest of) a request.
        var waitingSince = ContinuousClock.now

        init(id: UInt64, fd: Int32, client: String, ip: String, limits: ServerLimits) {
            self.id = id
            self.fd = fd
            self.client = client
            self.ip = ip
            parser = HTTPRequestParser(limits: limits.parserLimits)
            deadline = .now + limits.requestTimeout
        }
    }

    let loop: IOLoop
    private var connections: [UInt64: Connection] = [:]
    private var nextID: UInt64 = 0
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// Until when accepting pauses after the process ran out of descriptors.
    private var acceptPausedUntil: ContinuousClock.Instant?

    init(loop: IOLoop) {
        self.loop = loop
    }

    private var shared: Locked<IOLoop.Shared> { loop.shared }
    private var listener: Int32 { loop.listener }
    private var wakeRead: Int32 { loop.wakeRead }
    private var wakeWrite: Int32 { loop.wakeWrite }
    private var limits: ServerLimits { loop.limits }
    private var logSink: any RequestLogSink { loop.logSink }
    private var drainTimeout: Duration { loop.drainTimeout }

    private func publishCount() {
        let count = connections.count
        shared.withLock { $0.openConnections = count }
    }

    // MARK: The loop

    func run() {
        var descriptors: [pollfd] = []
        var order: [UInt64] = []
        while true {
            let (stopping, completions) = shared.withLock { state in
                let taken = state.completions
                state.completions.removeAll()
                for (id, _) in taken { state.tasks[id] = nil }
                return (state.stopping, taken)
            }
            if stopping { break }
            for (id, response) in completions {
                guard let connection = connections[id], connection.state == .processing else { continue }
                send(response, on: connection)
            }
            descriptors.removeAll(keepingCapacity: true)
            order.removeAll(keepingCapacity: true)
            let (acceptWanted, acceptAgain) = listenerInterest()
            // A listener left out of the poll keeps new clients waiting in its backlog, unanswered
            // but not refused, until a connection closes or can be evicted.
            descriptors.append(pollfd(fd: acceptWanted ? listener : -1, events: Int16(POLLIN), revents: 0))
            descriptors.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
            var nearest: ContinuousClock.Instant? = acceptAgain
            for (id, connection) in connections {
                let events: Int16
                switch connection.state {
                case .reading, .draining: events = Int16(POLLIN)
                case .writing: events = Int16(POLLOUT)
                case .processing: continue
                }
                descriptors.append(pollfd(fd: connection.fd, events: events, revents: 0))
                order.append(id)
                if nearest.map({ connection.deadline < $0 }) ?? true { nearest = connection.deadline }
            }
            var timeout: Int32 = -1
            if let nearest {
                let remaining = ContinuousClock.now.duration(to: nearest)
                let milliseconds =
                    remaining.components.seconds * 1000
                    + (remaining.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
                timeout = Int32(clamping: max(0, milliseconds))
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0, errno != EINTR { break }
            if ready > 0 {
                if descriptors[1].revents != 0 { drainWakePipe() }
                if descriptors[0].revents & Int16(POLLIN) != 0 { acceptAll() }
                for (index, id) in order.enumerated() {
                    let revents = descriptors[index + 2].revents
                    guard revents != 0, let connection = connections[id] else { continue }
                    switch connection.state {
                    case .reading, .draining: readAvailable(connection)
                    case .writing: flush(connection)
                    case .processing: break
                    }
                }
            }
            expireDeadlines()
        }
        shutdownAll()
    }

    private func drainWakePipe() {
        var bytes = [UInt8](repeating: 0, count: 256)
        while read(wakeRead, &bytes, bytes.count) > 0 {}
    }

    private func acceptAll() {
        while true {
            if connections.count >= limits.maximumConnections {
                guard let victim = evictionCandidate(at: .now) else { return }
                evict(victim)
            }
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) }
            }
            guard fd >= 0 else {
                if errno == EMFILE || errno == ENFILE {
                    // Out of descriptors: clients wait in the backlog instead of spinning the loop.
                    acceptPausedUntil = .now + .milliseconds(100)
                }
                return
            }
            Socket.setNonBlocking(fd)
            let peer = Socket.describe(storage)
            nextID += 1
            connections[nextID] = Connection(
                id: nextID, fd: fd, client: peer.text, ip: peer.ip, limits: limits)
            publishCount()
        }
    }

    /// Whether to poll the listener, and when to look again if not.
    ///
    /// Below the connection limit the listener is always polled. At the limit it is polled only
    /// while some connection can be evicted to make room; otherwise the loop looks again when the
    /// first one becomes evictable.
    private func listenerInterest() -> (poll: Bool, retryAt: ContinuousClock.Instant?) {
        if let paused = acceptPausedUntil {
            if paused > .now { return (false, paused) }
            acceptPausedUntil = nil
        }
        guard connections.count >= limits.maximumConnections else { return (true, nil) }
        var earliest: ContinuousClock.Instant?
        for connection in connections.values where connection.state == .reading {
            let eligible = connection.waitingSince + limits.evictionAge
            if earliest.map({ eligible < $0 }) ?? true { earliest = eligible }
        }
        guard let earliest else { return (false, nil) }
        return earliest <= .now ? (true, nil) : (false, earliest)
    }

    /// The connection that has waited longest for a request, if it has waited at least
    /// ``ServerLimits/evictionAge``.
    private func evictionCandidate(at now: ContinuousClock.Instant) -> Connection? {
        var oldest: Connection?
        for connection in connections.values where connection.state == .reading {
            if oldest.map({ connection.waitingSince < $0.waitingSince }) ?? true { oldest = connection }
        }
        guard let oldest, oldest.waitingSince + limits.evictionAge <= now else { return nil }
        return oldest
    }

    /// Makes room for a waiting client: an idle keep-alive connection is closed, a slow request gets 408.
    private func evict(_ connection: Connection) {
        guard connection.requestStarted || connection.served == 0 else {
            closeConnection(connection)
            return
        }
        connection.requestLine = "-"
        connection.started = .now
        connection.keepAlive = false
        send(
            ServerResponse.error(
                408, "the request did not arrive in time while other clients waited for a connection"),
            on: connection)
        // It no longer counts against the limit once its 408 is on its way; drop it from the map.
        if connection.state == .draining {
            connections[connection.id] = nil
            publishCount()
            close(connection.fd)
        }
    }

    private func readAvailable(_ connection: Connection) {
        // At most 16 reads per wake-up, so one fast sender cannot hold the loop; poll reports the rest.
        for _ in 0..<16 {
            let count = recv(connection.fd, &readBuffer, readBuffer.count, 0)
            if count > 0 {
                if connection.state == .draining { continue }
                connection.parser.append(readBuffer[0..<count])
                if !connection.requestStarted, connection.parser.hasPartialRequest {
                    connection.requestStarted = true
                    connection.deadline = .now + limits.requestTimeout
                    connection.waitingSince = .now
                }
                if count < readBuffer.count { break }
                // Parse before buffering more than one maximal request, so a fast sender cannot grow it.
                if connection.parser.bufferedByteCount > limits.maximumHeaderBytes + limits.maximumBodyBytes {
                    break
                }
                continue
            }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { break }
            if count == 0, connection.state == .reading {
                // A client may half-close after sending its request; answer it before closing.
                connection.peerClosed = true
                parseNext(connection)
                if connection.state == .reading { closeConnection(connection) }
                return
            }
            closeConnection(connection)
            return
        }
        if connection.state == .reading { parseNext(connection) }
    }

    private func parseNext(_ connection: Connection) {
        switch connection.parser.next() {
        case .needMoreData:
            if connection.parser.isAwaitingContinue, !connection.sentContinue {
                // curl waits a second for this before sending a large body; 25 bytes fit any fresh socket buffer.
                connection.sentContinue = true
                let interim = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
                _ = interim.withUnsafeBytes { buffer -> Int in
                    guard let base = buffer.baseAddress else { return 0 }
                    return sendBytes(connection.fd, base, buffer.count)
                }
            }
            return
        case .request(let request):
            connection.sentContinue = false
            connection.state = .processing
            connection.requestLine = "\(request.method) \(request.target)"
            connection.keepAlive = request.keepsAlive && !connection.peerClosed
            connection.started = .now
            let id = connection.id
            let ip = connection.ip
            let handler = loop.handler
            let work: @Sendable () async -> Void = { [loop] in
                var response = await handler(request, ip)
                // RFC 9110 §9.3.2: a HEAD answer is the GET's head, Content-Length included, and no content.
                if request.method == "HEAD" { response.omitsBody = true }
                loop.complete(id, response)
            }
            let task: Task<Void, Never>
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                task = Task(executorPreference: ServerTaskExecutor.shared) { await work() }
            } else {
                task = Task { await work() }
            }
            shared.withLock { $0.tasks[id] = task }
        case .failure(let error):
            connection.requestLine = "-"
            connection.started = .now
            connection.keepAlive = false
            send(ServerResponse.error(HTTPStatus(code: error.statusCode), error.description), on: connection)
        }
    }

    private func send(_ response: ServerResponse, on connection: Connection) {
        let closing = response.closesConnection || !connection.keepAlive || response.ending != .complete
        connection.status = response.status.code
        connection.afterWrite = closing ? .close : .keepAlive
        let head = response.head(closing: closing)
        connection.headLength = head.count
        connection.written = 0
        let body = response.omitsBody ? [] : response.body
        switch response.ending {
        case .complete:
            connection.output = head + body
        case .closeAfterHead:
            connection.output = head
        case .truncate(let bytes):
            connection.output = head + body.prefix(max(0, bytes))
        case .reset(let bytes):
            connection.output = head + body.prefix(max(0, bytes))
            connection.afterWrite = .reset
        case .closeSilently:
            connection.output = []
            connection.headLength = 0
            connection.status = 0
        }
        connection.state = .writing
        connection.deadline = .now + limits.requestTimeout
        flush(connection)
    }

    private func flush(_ connection: Connection) {
        while connection.written < connection.output.count {
            let count = connection.output.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return sendBytes(connection.fd, base + connection.written, buffer.count - connection.written)
            }
            if count > 0 {
                connection.written += count
                continue
            }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
            logAnswer(connection)
            closeConnection(connection)
            return
        }
        logAnswer(connection)
        connection.output = []
        switch connection.afterWrite {
        case .keepAlive:
            connection.served += 1
            connection.state = .reading
            connection.requestStarted = false
            connection.deadline = .now + limits.requestTimeout
            connection.waitingSince = .now
            if connection.parser.hasPartialRequest {
                connection.requestStarted = true
            }
            parseNext(connection)
        case .close:
            shutdown(connection.fd, Int32(SHUT_WR))
            connection.state = .draining
            connection.deadline = .now + drainTimeout
        case .reset:
            connections[connection.id] = nil
            publishCount()
            Socket.reset(connection.fd)
        }
    }

    private func logAnswer(_ connection: Connection) {
        guard connection.status != 0 || connection.requestLine != "-" else { return }
        logSink.record(
            RequestLogEntry(
                client: connection.client, requestLine: connection.requestLine, status: connection.status,
                bodyBytes: max(0, connection.written - connection.headLength),
                duration: connection.started.duration(to: .now)))
    }

    private func expireDeadlines() {
        let now = ContinuousClock.now
        for connection in connections.values where connection.deadline <= now {
            switch connection.state {
            case .reading:
                if connection.requestStarted || connection.served == 0 {
                    connection.requestLine = "-"
                    connection.started = now
                    connection.keepAlive = false
                    send(
                        ServerResponse.error(408, "the request did not arrive within the time limit"),
                        on: connection)
                } else {
                    closeConnection(connection)
                }
            case .writing, .draining:
                closeConnection(connection)
            case .processing:
                break
            }
        }
    }

    private func closeConnection(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        close(connection.fd)
        publishCount()
        let task = shared.withLock { $0.tasks.removeValue(forKey: connection.id) }
        task?.cancel()
    }

    private func shutdownAll() {
        // The listener first: a client that sees its connection end is then refused, never accepted
        // into a backlog that nobody reads.
        close(listener)
        for connection in Array(connections.values) { closeConnection(connection) }
        let (tasks, waiters) = shared.withLock { state in
            state.finished = true
            close(wakeRead)
            close(wakeWrite)
            let result = (Array(state.tasks.values), state.waiters)
            state.tasks.removeAll()
            state.waiters.removeAll()
            return result
        }
        for task in tasks { task.cancel() }
        for waiter in waiters { waiter.resume() }
    }
}

private func sendBytes(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    send(fd, pointer, count, sendFlags)
}
