// libFuzzer target: the M3U/M3U8 parser (docs/PRODUCT.md §2) on any bytes, read as `.m3u`
// and as `.m3u8`, then each entry shown and named as a command does next.
import CDWallyCore

@_cdecl("LLVMFuzzerTestOneInput")
public func m3uFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    for isM3U8 in [false, true] {
        for entry in M3UParser.parse(bytes, isM3U8: isM3U8).entries {
            _ = ShownText.clean(entry.text)
            _ = entry.fileName
            if case .file(let path) = entry.location { _ = path.lexicallyNormalized().display }
        }
    }
    return 0
}
