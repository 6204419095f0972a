/// Checks the type of each config value and says where a wrong one is.
struct ConfigTableReader {
    let file: String
    let home: String
    let folder: String
    private(set) var warnings: [String] = []

    init(file: String, home: String, folder: String) {
        self.file = file
        self.home = home
        self.folder = folder
    }

    func string(_ item: TOMLTable.Item, prefix: String = "") throws(ConfigError) -> ConfigFile.Setting<String>
    {
        guard case .string(let text) = item.value else {
            throw invalid(item, prefix: prefix, "must be a string, not \(item.value.kindName)")
        }
        return .init(value: text, line: item.line)
    }

    /// A path: `~` expanded, relative paths taken from the config file's folder.
    func path(_ item: TOMLTable.Item, prefix: String = "") throws(ConfigError) -> ConfigFile.Setting<String> {
        var setting = try string(item, prefix: prefix)
        guard !setting.value.isEmpty else { throw invalid(item, prefix: prefix, "must not be empty") }
        setting.value = XDGDirectories.expand(setting.value, home: home)
        if !setting.value.hasPrefix("/") { setting.value = folder + "/" + setting.value }
        return setting
    }

    func strings(_ item: TOMLTable.Item, prefix: String) throws(ConfigError) -> ConfigFile.Setting<[String]> {
        guard case .array(let values) = item.value else {
            throw invalid(item, prefix: prefix, "must be a list of strings, e.g. [\"jukebox.lan\"]")
        }
        var texts: [String] = []
        for value in values {
            guard case .string(let text) = value else {
                throw invalid(item, prefix: prefix, "must be a list of strings, not of \(value.kindName)")
            }
            texts.append(text)
        }
        return .init(value: texts, line: item.line)
    }

    func count(_ item: TOMLTable.Item) throws(ConfigError) -> ConfigFile.Setting<Int> {
        guard case .integer(let number) = item.value, number >= 0 else {
            throw invalid(item, "must be a whole number, 0 or more (0 = no limit)")
        }
        return .init(value: number, line: item.line)
    }

    func flag(_ item: TOMLTable.Item, prefix: String) throws(ConfigError) -> ConfigFile.Setting<Bool> {
        guard case .boolean(let flag) = item.value else {
            throw invalid(item, prefix: prefix, "must be true or false, not \(item.value.kindName)")
        }
        return .init(value: flag, line: item.line)
    }

    func choice(_ item: TOMLTable.Item, prefix: String, from choices: [String]) throws(ConfigError)
        -> ConfigFile.Setting<String>
    {
        let setting = try string(item, prefix: prefix)
        guard choices.contains(setting.value) else {
            throw invalid(item, prefix: prefix, "must be one of \(choices.joined(separator: ", "))")
        }
        return setting
    }

    func table(_ item: TOMLTable.Item) throws(ConfigError) -> TOMLTable {
        guard case .table(let table) = item.value else {
            throw invalid(item, "must be a table, written [\(item.key)]")
        }
        return table
    }

    mutating func unknown(_ item: TOMLTable.Item, prefix: String = "") {
        // A setting of the file's top inside a section: appended with `echo … >>` after the
        // last [section], as a guide's one-liner does; said with where it goes.
        let misplaced = !prefix.isEmpty && ConfigFile.topLevelKeys.contains(item.key)
        let hint = misplaced ? ": \(item.key) goes before the first [section]" : ""
        warnings.append("\(file):\(item.line): unknown key \(prefix)\(item.key) (ignored\(hint))")
    }

    func invalid(_ item: TOMLTable.Item, prefix: String = "", _ message: String) -> ConfigError {
        .invalidValue(file: file, line: item.line, key: prefix + item.key, message: message)
    }
}
