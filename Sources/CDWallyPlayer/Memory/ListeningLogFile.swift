import CDWallyCore
import CDWallyVocabulary
import Foundation

/// The on-disk forms of the listening memory, in the user's state folder beside
/// `resume.json` (DESIGN.md, "The listening log"):
///
/// `listens.json`, the log, rewritten whole when a listen ends:
/// ```json
/// { "version": 1,
///   "listens": [ { "disc": "9f3c…", "artist": "Nick Drake", "title": "Pink Moon",
///                  "start": "2026-11-20T20:15:00Z", "seconds": 1702.4, "finished": true } ],
///   "earlier": [ { "disc": "41ab…", "artist": "…", "title": "…", "listens": 12,
///                  "finished": 9, "seconds": 30211.0, "last": "2024-03-02T09:00:00Z" } ] }
/// ```
///
/// `listening-now.json`, the listen in progress, rewritten with each resume point:
/// `{ "version": 1, "listen": { …one listen as above… } }`. A power cut leaves it behind; the
/// next player folds it into the log (readers count it meanwhile).
///
/// A newer `version` is refused rather than misread, and left as it is: it is not damaged.
struct ListeningLogFile: Codable {
    static let currentVersion = 1

    var version: Int
    var listens: [Listen]
    var earlier: [DiscTotals]

    init(history: ListeningHistory) {
        version = Self.currentVersion
        listens = history.listens
        earlier = history.earlier.values.sorted { $0.last < $1.last }
    }

    func encoded() throws -> Data {
        try ListeningFileCoding.encoder.encode(self)
    }

    static func decode(_ data: Data) throws(ListeningFileProblem) -> ListeningHistory {
        let file = try ListeningFileCoding.decode(Self.self, from: data, kind: "listening log")
        for listen in file.listens where !listen.seconds.isFinite || listen.seconds < 0 {
            throw ListeningFileProblem(reason: "a listen of \(listen.disc) has an impossible length")
        }
        // One entry per disc; a file edited by hand may hold two, which add up.
        var earlier: [AlbumID: DiscTotals] = [:]
        for totals in file.earlier {
            if var known = earlier[totals.disc] {
                known.add(totals)
                earlier[totals.disc] = known
            } else {
                earlier[totals.disc] = totals
            }
        }
        return ListeningHistory(listens: file.listens, earlier: earlier)
    }
}

/// `listening-now.json`: the listen in progress.
struct ListenInProgressFile: Codable {
    var version: Int
    var listen: Listen

    init(listen: Listen) {
        version = ListeningLogFile.currentVersion
        self.listen = listen
    }

    func encoded() throws -> Data {
        try ListeningFileCoding.encoder.encode(self)
    }

    static func decode(_ data: Data) throws(ListeningFileProblem) -> Listen {
        try ListeningFileCoding.decode(Self.self, from: data, kind: "listen in progress").listen
    }
}

/// Why a listening file was not read, as a short phrase; `newerVersion` when it is whole but
/// of a newer format (left as it is), nil when it is damaged (set aside by a writer).
struct ListeningFileProblem: Error {
    var reason: String
    var newerVersion: Int?
}

/// The JSON settings and version check both files share.
private enum ListeningFileCoding {
    struct Header: Decodable { var version: Int }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    static func decode<File: Decodable>(_ type: File.Type, from data: Data, kind: String)
        throws(ListeningFileProblem) -> File
    {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard (try? JSONSerialization.jsonObject(with: data)) != nil else {
            throw ListeningFileProblem(reason: data.isEmpty ? "the file is empty" : "cut short or not JSON")
        }
        guard let header = try? decoder.decode(Header.self, from: data) else {
            throw ListeningFileProblem(reason: "not a cdwally \(kind)")
        }
        guard header.version == ListeningLogFile.currentVersion else {
            throw ListeningFileProblem(
                reason:
                    "format version \(header.version), this cdwally reads \(ListeningLogFile.currentVersion)",
                newerVersion: header.version > ListeningLogFile.currentVersion ? header.version : nil)
        }
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw ListeningFileProblem(reason: "damaged (\(kind) fields missing or of the wrong type)")
        }
    }
}
