import CDWallyLibrary

/// Why a library could not be generated; each message names the file and what to do.
enum GeneratorError: Error, CustomStringConvertible {
    case templateMissing(path: String, reason: String)
    case outputNotEmpty(path: String)
    case cannotCreate(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case tagging(TagWriteError)

    var description: String {
        switch self {
        case .templateMissing(let path, let reason):
            "cannot read the template \(path): \(reason); run Benchmarks/Templates/make-templates or pass --templates DIR"
        case .outputNotEmpty(let path):
            "\(path) already holds files; pass --replace to remove it first, or choose another --output"
        case .cannotCreate(let path, let reason):
            "cannot create \(path): \(reason); check the permissions and free space of its parent folder"
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason); check the permissions and free space of its folder"
        case .tagging(let error):
            error.description
        }
    }
}
