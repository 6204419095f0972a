import Crypto

/// SHA-256 digests as hex, for the stored hashes of pairing codes, sessions and tokens (the
/// access file must never hold a secret that works if the file is read) and for the covers'
/// content-hash URLs. swift-crypto does the hashing; it is in the build already.
enum Digest {
    /// The SHA-256 of `bytes` as 64 lowercase hex digits.
    static func hex(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    static func hex(_ text: String) -> String { hex(Array(text.utf8)) }
}
