import CDWallyCore

/// What the display needs to show covers, from the host: where a disc's picture is (the
/// embedded one or the folder's, as MPRIS and the web find it) and how to start the worker.
public struct CoverOptions: Sendable {
    /// The file holding an album's cover, or nil; called on the cover thread.
    public var coverFile: @Sendable (Album) -> String?
    /// The worker's argv before its arguments.
    public var worker: [String]
    /// How long the worker may take on one picture before it is killed and the disc goes without.
    public var patience: Duration

    public init(
        coverFile: @escaping @Sendable (Album) -> String?,
        worker: [String] = ["/proc/self/exe", "terminal-cover"], patience: Duration = .seconds(5)
    ) {
        self.coverFile = coverFile
        self.worker = worker
        self.patience = patience
    }
}
