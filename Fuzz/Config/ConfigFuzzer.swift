// libFuzzer target: the config file reader (the TOML subset of docs/PRODUCT.md §8) on any
// bytes, taken as `ConfigFile.load` takes a file: UTF-8 or refused.
import CDWallyConfig
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func configFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    guard let text = String(data: bytes, encoding: .utf8) else { return 0 }
    _ = try? ConfigFile.parse(text, path: "/fuzz/config.toml", home: "/home/fuzz")
    return 0
}
