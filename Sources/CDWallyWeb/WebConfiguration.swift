import CDWallyCore
import CDWallyVocabulary
import Logging

/// What the web remote needs from the rest of cdwally, handed in by the `cdwally` executable:
/// where to listen, whom to answer, and the parts that live in layers above the player
/// (the doctor report, cover files).
public struct WebConfiguration: Sendable {
    public var listen: WebListenAddress
    public var hosts: HostAllowList
    public var access: WebAccess
    /// The `cdwally doctor --json` report, built off the request path.
    public var doctor: @Sendable () async throws -> JSONValue
    /// The Library: every album of the index, and the CDs playlist's Add and Remove; nil leaves
    /// the Library out.
    public var library: WebLibrary?
    /// The cover of an album as a file, or nil.
    public var coverFile: @Sendable (Album) -> String?
    /// `$XDG_CACHE_HOME/cdwally`: the sized covers go to its `covers/`.
    public var cacheFolder: String
    /// The command that makes covers, before its `-- FOLDER SOURCE...` (`CoverWorker`): this
    /// very executable, which the kernel finds even when a package upgrade replaced its file.
    public var coverWorker = ["/proc/self/exe", "cover-worker"]
    public var logger: Logger

    /// Open connections allowed at once (pages, WebSockets, scripts); more wait in the backlog,
    /// where no cap can answer them. So it lies above what the caps let strangers hold (every
    /// connection without a credential and every WebSocket, 128 by default), with 128 more for
    /// the requests of paired browsers: at exactly the caps' sum, a phone's new connection
    /// waited 10 s for a slow one's deadline (`WebLimitsTests`). A browser holds a WebSocket
    /// and at least one keep-alive connection (idle for up to 60 s): at 32 in all, sixteen
    /// pages filled it (`Benchmarks/run --web-only`, W7).
    public var maximumConnections: Int {
        limits.unauthenticatedTotal + limits.webSocketsTotal + Self.pairedRequestConnections
    }
    static let pairedRequestConnections = 128
    /// What the host adds to the player's status (`waitingFor`, `player`), as it does on the
    /// control socket: one status shape on both.
    public var hostStatus: @Sendable (inout PlayerStatus) -> Void = { _ in }
    /// What one client may hold before it shows a credential, and the request deadlines.
    public var limits = ConnectionLimits()

    public init(
        listen: WebListenAddress, hosts: HostAllowList, access: WebAccess,
        doctor: @escaping @Sendable () async throws -> JSONValue,
        coverFile: @escaping @Sendable (Album) -> String?, cacheFolder: String, logger: Logger
    ) {
        self.listen = listen
        self.hosts = hosts
        self.access = access
        self.doctor = doctor
        self.coverFile = coverFile
        self.cacheFolder = cacheFolder
        self.logger = logger
    }
}
