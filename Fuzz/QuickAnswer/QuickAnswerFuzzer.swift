// libFuzzer target: the small client's reader of an answer line (`AnswerLine`, written by hand
// to keep Foundation out of `cdwally-quick`), on any bytes, against the full program's
// reader (`JSONValue`, Foundation's JSONSerialization): a line both accept must give the same
// top-level strings, integers and booleans, or the client would print, or hand over, what the
// player did not say.
import CDWallyCore
import CDWallyQuickClient

@_cdecl("LLVMFuzzerTestOneInput")
public func quickAnswerFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    _ = QuickAnswer(line: bytes)
    guard let line = AnswerLine(bytes), let json = try? JSONValue(parsing: bytes) else { return 0 }
    for (name, value) in line.members {
        let agrees: Bool =
            switch value {
            case .string(let text): json[name]?.stringValue == text
            case .integer(let number): json[name]?.intValue == number
            case .bool(let flag): json[name]?.boolValue == flag
            case .other: json[name] != nil
            }
        if !agrees {
            fatalError(
                "\(name): the client reads \(value), the full program \(String(describing: json[name]))")
        }
    }
    return 0
}
