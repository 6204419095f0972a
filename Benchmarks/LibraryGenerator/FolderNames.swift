/// The album folders a library already holds, so that a new one never lands in another's.
struct FolderNames {
    private var used: Set<String> = []

    /// `folder`, or `folder (2)`, `folder (3)`... when an earlier album took it (compared
    /// without case, so the library also fits a case-insensitive file system).
    mutating func claim(_ folder: String) -> String {
        var candidate = folder
        var suffix = 1
        while !used.insert(candidate.lowercased()).inserted {
            suffix += 1
            candidate = "\(folder) (\(suffix))"
        }
        return candidate
    }
}
