extension RawPath {
    /// A `file://` URI for the path, every byte outside the unreserved set percent-encoded,
    /// so a name that is not UTF-8 still makes a valid, exact URI (for MPRIS `xesam:url`).
    public var fileURL: String {
        var text = "file://"
        for byte in bytes {
            let isUnreserved =
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || "-._~/".utf8.contains(byte)
            if isUnreserved {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return text
    }
}
