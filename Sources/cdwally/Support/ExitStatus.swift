import ArgumentParser
import CDWallyCore
import CDWallyPlayer
import CDWallyVocabulary

/// Exit codes, from sysexits(3) where one fits (docs/PRODUCT.md §7).
enum ExitStatus {
    /// `cdwally pause` and friends with no player running.
    static let noPlayer: Int32 = 3
    /// `play N` while a player runs, with a library or an option that player does not have:
    /// nothing was handed over.
    static let handOverRefused: Int32 = 4
    static let usage: Int32 = 64
    /// A state file of a newer format than this cdwally reads (`listens.json` for `stats`).
    static let dataError: Int32 = 65
    /// No library, no playlist, a file that is not there.
    static let noInput: Int32 = 66
    /// No audio output could be opened.
    static let unavailable: Int32 = 69
    static let software: Int32 = 70
    /// Another player is already running (and no disc was given to hand over), or the
    /// player was busy: try again later.
    static let temporaryFailure: Int32 = 75
    /// The running player spoke something else than this cdwally's control protocol.
    static let protocolError: Int32 = 76
    /// No file could be made where one was to be written (the CDs playlist's folder).
    static let cannotCreate: Int32 = 73
    /// The index or a state file could not be written (a full disk among the reasons).
    static let ioError: Int32 = 74
    /// An input device the user may not read (not in the `input` group); a CDs playlist that
    /// may not be written.
    static let noPermission: Int32 = 77
    static let config: Int32 = 78

    /// The exit code of a player's refusal, the same in the process that plays and through the
    /// socket.
    static func of(_ kind: PlayerErrorKind) -> Int32 {
        switch kind {
        case .outOfRange: usage
        case .audioOutput, .outputStalled: unavailable
        case .badOption: config
        case .stateInUse, .waiting: temporaryFailure
        case .newerStateFile: dataError
        case .stateFile: ioError
        case .nothingPlayable: noInput
        case .shutDown: noPlayer
        case .failed: software
        }
    }

    /// The exit code of a library's refusal (`LibraryRefusal`): what went wrong, not where.
    static func of(_ kind: LibraryRefusalKind) -> Int32 {
        switch kind {
        case .notFound, .missing: noInput
        case .ambiguous, .refused: usage
        case .sharedLine, .badFile: dataError
        case .notPermitted: noPermission
        case .folderNotWritable: cannotCreate
        case .busy: temporaryFailure
        case .storage: ioError
        }
    }
}

/// An error already worded for the user, with its exit code: what every failure becomes
/// in `CommandContext.run`, the one place that prints errors.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var code: Int32
    /// Lines printed after the message (a recipe, a hint).
    var help: String?

    var description: String { message }

    /// The failure as stderr shows it: the message after `cdwally: `, then the help.
    var printed: String { "cdwally: \(message)\n" + (help.map { $0 + "\n" } ?? "") }
}
