import ArgumentParser
import CDWallyConfig
import CDWallyWeb

/// `--web [ADDR:]PORT` of `play` and `serve`; else `[web] listen` in the config file; else off.
struct WebOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Serve the web remote: PORT (this machine only) or ADDR:PORT (e.g. 0.0.0.0:8080 for the LAN).",
            valueName: "[addr:]port"))
    var web: String?

    func validate() throws {
        if let web {
            do {
                _ = try WebListenAddress(parsing: web)
            } catch {
                throw ValidationError("--web: \(error)")
            }
        }
    }

    /// Where to listen, if anywhere: the flag wins over the config file.
    func address(settings: Settings) throws -> WebListenAddress? {
        guard let text = web ?? settings.config?.webListen?.value else { return nil }
        return try WebListenAddress(parsing: text)
    }
}
