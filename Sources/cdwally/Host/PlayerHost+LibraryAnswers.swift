import CDWallyCore
import CDWallySystem
import Logging

extension PlayerHost {
    /// Asks the library's file system whether it answers, on a thread of its own
    /// (`FolderProbe`), and says once when it stops answering and once when it answers again:
    /// a network share whose server went away stops the music without an error (mpv's reads
    /// wait for the server), and the status, the journal and the pages say why.
    func watchLibraryAnswers(_ folder: RawPath) {
        let probe = FolderProbe(folder: folder)
        probe.start()
        libraryProbe.set(probe)
        let watch = Task { [logger, weak self] in
            var silent = false
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                guard probe.isSilent != silent else { continue }
                silent.toggle()
                if silent {
                    logger.warning(
                        "the library at \(folder.display) does not answer (a network share whose server went away?): the music waits for it"
                    )
                } else {
                    logger.notice("the library at \(folder.display) answers again")
                }
                self?.hostStatusChanged()
            }
        }
        onShutdown {
            watch.cancel()
            probe.stop()
        }
    }
}
