// libFuzzer target: what the web remote reads from a request before any route runs
// (Sources/CDWallyWeb/PROTOCOL.md): the JSON body of `POST /api/v1/commands` as the server
// decodes it into a player command, the `Host` header against the allow-list, and the
// `--web` / `[web] listen` address. A request is bytes from anyone on the network.
import CDWallyCore

@_cdecl("LLVMFuzzerTestOneInput")
public func webFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let body = try? JSONValue(parsing: bytes) {
        do {
            _ = try WebCommandBody.command(body)
        } catch {
            // The refusal is sent back as a one-line JSON error; it must stay one line.
            if case .badCommand(let reason) = error, reason.contains("\n") {
                fatalError("a refusal spans lines: \(reason)")
            }
        }
    }
    let text = String(decoding: bytes, as: UTF8.self)
    _ = allowList.allows(text)
    // By scalars: "[" and a combining mark after it are one character.
    if let name = HostAllowList.name(ofHost: text), name.unicodeScalars.contains(":"),
        text.unicodeScalars.first != "["
    {
        fatalError("the host name of \(text) keeps its port: \(name)")
    }
    _ = try? WebListenAddress(parsing: text)
    return 0
}

private let allowList = HostAllowList(
    extraNames: ["jukebox.example"], listen: WebListenAddress(host: "0.0.0.0", port: 8080))
