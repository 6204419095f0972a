import CDWallyVocabulary
import HTTPTypes

extension PlayerErrorKind {
    /// The web's status for a refusal of this kind: the status tells a client what it can do
    /// about it (ask for something else, wait and retry, or nothing), as the exit code does
    /// on the CLI; the body's `kind` says which.
    var httpStatus: HTTPResponse.Status {
        switch self {
        // The request is well formed and names what is not there: ask for another.
        case .outOfRange: .unprocessableContent
        // The state or another process stands in the way: the same request fails until it changes.
        case .nothingPlayable, .stateInUse, .newerStateFile: .conflict
        // The box cannot play now and may by itself later (a disk mounted, an output back).
        case .audioOutput, .outputStalled, .waiting, .shutDown: .serviceUnavailable
        // The box's own setup or storage failed: nothing the client can change.
        case .badOption, .stateFile, .failed: .internalServerError
        }
    }
}
