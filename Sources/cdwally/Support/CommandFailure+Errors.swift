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
        case LibraryError.noPlaylist(let root):
            self.init(
                message: "\(error)", code: ExitStatus.noInput, help: LibraryError.playlistRecipe(root: root))
        case WalletChangeError.ambiguous(_, let albums):
            let listed = albums.prefix(20).map {
                "  \($0.id)  \($0.albumArtist) — \($0.title)\($0.year.map { " (\($0))" } ?? "")"
            }
            self.init(
                message: "\(error)", code: ExitStatus.usage,
                help: (listed + (albums.count > 20 ? ["  … and \(albums.count - 20) more"] : [])).joined(
                    separator: "\n"))
        case let error as any LibraryRefusal:
            self.init(message: error.description, code: ExitStatus.of(error.kind))
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
}
