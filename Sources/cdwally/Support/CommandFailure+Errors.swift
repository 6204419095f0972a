import CDWallyConfig
import CDWallyControl
import CDWallyCore
import CDWallyKeys
import CDWallyLibrary
import CDWallyPlayer
import CDWallySystem
import CDWallyTerminal
import CDWallyVocabulary
import CDWallyWeb

extension CommandFailure {
    /// Words and an exit code for any error a command can meet.
    init(_ error: any Error) {
        switch error {
        case let failure as CommandFailure:
            self = failure
        case let error as ConfigError:
            self.init(message: error.description, code: ExitStatus.config)
        case let error as WebError:
            switch error {
            case .invalidListenAddress, .invalidName, .unknownName:
                self.init(message: error.description, code: ExitStatus.usage)
            case .cannotListen: self.init(message: error.description, code: ExitStatus.unavailable)
            case .accessFile: self.init(message: error.description, code: ExitStatus.ioError)
            }
        case let error as LibraryError:
            switch error {
            case .noLibrary, .playlistUnreadable, .playlistNotAFile:
                self.init(message: error.description, code: ExitStatus.noInput)
            case .noPlaylist(let root):
                self.init(
                    message: error.description, code: ExitStatus.noInput,
                    help: LibraryError.playlistRecipe(root: root))
            case .index, .indexDamaged:
                self.init(message: error.description, code: ExitStatus.ioError)
            }
        case let error as WalletChangeError:
            self.init(walletChange: error)
        case let error as CardError:
            // A full wallet is a usage error, as `play` of a disc the capacity would hide;
            // a folder line is refused as `remove` refuses it (docs/PRODUCT.md §11).
            let code: Int32 =
                switch error {
                case .walletFull: ExitStatus.usage
                case .sharedLines: ExitStatus.dataError
                case .unknownCard: ExitStatus.noInput
                }
            self.init(message: error.description, code: code)
        case let error as UserFileEdit.Failure:
            self.init(walletChange: .playlist(error))
        case let error as PlayerError:
            self.init(message: error.description, code: ExitStatus.of(error.kind))
        case let error as InputError:
            switch error {
            case .unknownKeyName, .unknownAction, .conflictingBindings, .unknownAxisName:
                self.init(message: error.description, code: ExitStatus.config)
            case .deviceNotFound, .notAnInputDevice, .deviceUnplugged:
                self.init(message: error.description, code: ExitStatus.noInput)
            case .permissionDenied:
                self.init(message: error.description, code: ExitStatus.noPermission)
            case .systemCallFailed:
                self.init(message: error.description, code: ExitStatus.ioError)
            }
        case let error as ControlError:
            switch error {
            case .noPlayer: self.init(message: error.description, code: ExitStatus.noPlayer)
            case .alreadyRunning, .timeout, .playerSuspended:
                self.init(message: error.description, code: ExitStatus.temporaryFailure)
            case .permissionDenied, .unsafeDirectory:
                self.init(message: error.description, code: ExitStatus.noPermission)
            case .protocolError: self.init(message: error.description, code: ExitStatus.protocolError)
            case .socketPathTooLong: self.init(message: error.description, code: ExitStatus.config)
            case .systemCallFailed: self.init(message: error.description, code: ExitStatus.ioError)
            }
        case let failure as ControlFailure:
            // A player's refusal exits as the same refusal in this process would.
            if let kind = failure.kind {
                self.init(message: failure.message, code: ExitStatus.of(kind))
                return
            }
            let code: Int32 =
                switch failure.code {
                case .outOfRange: ExitStatus.usage
                case .audioOutput: ExitStatus.unavailable
                case .busy: ExitStatus.temporaryFailure
                case .shutDown: ExitStatus.noPlayer
                case .badRequest, .unknownCommand, .unsupportedVersion: ExitStatus.protocolError
                default: ExitStatus.software
                }
            self.init(message: failure.message, code: code)
        case let error as TerminalError:
            self.init(message: error.description, code: ExitStatus.ioError)
        case let error as AtomicFile.Failure:
            self.init(message: error.description, code: ExitStatus.ioError)
        default:
            self.init(message: "\(error)", code: ExitStatus.software)
        }
    }

    /// `albums`, `add`, `remove` and `play WORDS`: a bad name is a usage error; a file that
    /// cannot be changed says why in its own code (sysexits: 73 no file can be made, 77 no
    /// permission, 74 I/O, a full disk among it).
    private init(walletChange error: WalletChangeError) {
        switch error {
        case .ambiguous(_, let albums):
            let listed = albums.prefix(20).map {
                "  \($0.id)  \($0.albumArtist) — \($0.title)\($0.year.map { " (\($0))" } ?? "")"
            }
            self.init(
                message: error.description, code: ExitStatus.usage,
                help: (listed + (albums.count > 20 ? ["  … and \(albums.count - 20) more"] : [])).joined(
                    separator: "\n"))
        case .noAlbumMatches, .unknownID, .noAlbumAt, .notInWallet:
            self.init(message: error.description, code: ExitStatus.noInput)
        case .pathOutsideLibrary, .full, .hidden:
            self.init(message: error.description, code: ExitStatus.usage)
        case .sharedLines, .wouldNotReadBack:
            self.init(message: error.description, code: ExitStatus.dataError)
        case .playlist(let failure):
            let code: Int32 =
                switch failure {
                case .notAFile, .tooLarge: ExitStatus.dataError
                case .fileNotWritable, .fileNotReadable: ExitStatus.noPermission
                case .folderNotWritable: ExitStatus.cannotCreate
                case .failed: ExitStatus.ioError
                case .keptChanging: ExitStatus.temporaryFailure
                }
            self.init(message: error.description, code: code)
        }
    }
}
