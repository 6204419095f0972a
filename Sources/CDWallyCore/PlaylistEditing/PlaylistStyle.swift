/// How a playlist file writes itself, read from its bytes, so that a line cdwally adds reads
/// like the lines around it (docs/PRODUCT.md §10): its line endings, its byte order mark, its
/// encoding, how its entries name files, and whether they carry `#EXTINF` hints.
public struct PlaylistStyle: Sendable, Equatable {
    public enum PathForm: String, Sendable, CaseIterable {
        /// Relative to the playlist's folder.
        case relative
        case absolute
        /// `file://` URIs, percent-encoded.
        case fileURL
    }

    public var hasBOM: Bool
    /// CRLF when most of its lines end so.
    public var crlf: Bool
    public var encoding: M3UParser.Encoding
    public var pathForm: PathForm
    /// Relative paths written with `\` (foobar2000's exports).
    public var backslashes: Bool
    public var writesExtInf: Bool
    /// True when the file is empty or its last byte ends a line.
    public var endsWithLineEnd: Bool

    /// What `cdwally add` writes into a playlist it makes: UTF-8, LF, `#EXTM3U` (docs/PRODUCT.md
    /// §10), relative paths (§11) with `#EXTINF` hints.
    public static let fresh = PlaylistStyle(
        hasBOM: false, crlf: false, encoding: .utf8, pathForm: .relative, backslashes: false,
        writesExtInf: true, endsWithLineEnd: true)

    public init(
        hasBOM: Bool, crlf: Bool, encoding: M3UParser.Encoding, pathForm: PathForm, backslashes: Bool,
        writesExtInf: Bool, endsWithLineEnd: Bool
    ) {
        self.hasBOM = hasBOM
        self.crlf = crlf
        self.encoding = encoding
        self.pathForm = pathForm
        self.backslashes = backslashes
        self.writesExtInf = writesExtInf
        self.endsWithLineEnd = endsWithLineEnd
    }

    /// The style of a playlist's bytes. Each property is the majority's among the file's lines
    /// (ties go to the last line seen), so a hand-added odd line does not change the file's voice.
    /// The same bytes give the same style in every run (docs/PRODUCT.md §10).
    public static func of(_ bytes: [UInt8], isM3U8: Bool) -> PlaylistStyle {
        let text = M3UParser.withoutBOM(bytes[...])
        var style = fresh
        style.hasBOM = text.count < bytes.count
        style.encoding = isM3U8 || String(validating: text, as: UTF8.self) != nil ? .utf8 : .windows1252
        style.endsWithLineEnd = text.isEmpty || text.last == 0x0A
        var crlf = 0
        var lf = 0
        // By form, in `PathForm.allCases` order: how many lines, and the last line's number.
        var forms = PathForm.allCases.map { _ in (count: 0, last: 0) }
        var backslashed = 0
        var slashed = 0
        var hints = 0
        var entries = 0
        for (number, raw) in PlaylistLines(bytes).lines.enumerated() {
            if raw.hasLineFeed { if raw.hasCarriageReturn { crlf += 1 } else { lf += 1 } }
            let line = raw.trimmed
            guard let first = line.first else { continue }
            if first == UInt8(ascii: "#") {
                if line.starts(with: "#EXTINF:".utf8) { hints += 1 }
                continue
            }
            entries += 1
            guard let form = pathForm(of: line), let slot = PathForm.allCases.firstIndex(of: form) else {
                continue
            }
            forms[slot] = (forms[slot].count + 1, number + 1)
            if form == .relative {
                if line.contains(UInt8(ascii: "\\")) {
                    backslashed += 1
                } else if line.contains(UInt8(ascii: "/")) {
                    slashed += 1
                }
            }
        }
        style.crlf = crlf > lf
        // A Dictionary's order, which the tie-break once took, changes with each process's
        // hash seed: the same file could get a relative line in one run and an absolute one
        // in the next.
        if let most = forms.indices.max(by: {
            (forms[$0].count, forms[$0].last) < (forms[$1].count, forms[$1].last)
        }), forms[most].count > 0 {
            style.pathForm = PathForm.allCases[most]
        }
        style.backslashes = backslashed > slashed
        // A playlist with entries but no hints has chosen to go without; an empty one gets them.
        style.writesExtInf = entries == 0 || hints * 2 >= entries
        return style
    }

    /// How an entry line names its file; nil for a stream or a Windows drive path, which say
    /// nothing of how this machine's paths are written.
    private static func pathForm(of line: ArraySlice<UInt8>) -> PathForm? {
        let lower = line.prefix(8).map { $0 | 0x20 }
        if lower.starts(with: "file:".utf8) { return .fileURL }
        if line.first == UInt8(ascii: "/") { return .absolute }
        if line.contains(UInt8(ascii: ":")) && (line.firstIndex(of: UInt8(ascii: ":")) ?? 0) <= 10 {
            return nil
        }
        return .relative
    }
}
