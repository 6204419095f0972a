// libFuzzer target: the control protocol's request reader (Sources/CDWallyControl/PROTOCOL.md)
// on any bytes, as a player reads one line from its socket. A request it accepts must come
// back the same when the client side writes it again: a client and a player that read one
// line two ways would run a command nobody sent.
import CDWallyCore

@_cdecl("LLVMFuzzerTestOneInput")
public func controlFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let request: ControlRequest
    do {
        request = try ControlRequest(line: bytes)
    } catch {
        _ = ShownText.clean(error.message)
        return 0
    }
    let written = Array(request.json.serialized(pretty: false).utf8)
    guard let reread = try? ControlRequest(line: written), reread == request else {
        fatalError("\(request) is written as \(String(decoding: written, as: UTF8.self)) and read back differently")
    }
    return 0
}
