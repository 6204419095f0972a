import CDWallyCore
import CDWallyVocabulary

extension KeyMap {
    /// Action names that remove a binding, so a user can silence a default key.
    static let unbindNames: Set<String> = ["none", "ignore", "off", "nothing"]

    /// Lays the config file's `[keys]` table (key name → action name) over `base`, and its
    /// `[keys.long]` table (key name → the action of a long press) beside it.
    ///
    /// Key names are read as `KeyCode(name:)` reads them; action names as
    /// `KeyActionName.command(named:)` does, plus `none` to unbind a key. Entries are checked in
    /// name order, short ones first, so the first problem reported is the same on every run.
    /// `file` only names the config file in error messages.
    public init(
        config table: [String: String], long: [String: String] = [:], base: KeyMap = .defaults,
        file: RawPath? = nil
    ) throws(InputError) {
        var result = base
        for (key, command) in try Self.read(table, prefix: "", file: file) {
            result.bind(key, to: command)
        }
        for (key, command) in try Self.read(long, prefix: "long.", file: file) {
            result.bindLong(key, to: command)
        }
        self = result
    }

    /// One table's entries as keys and commands (nil: unbound). `prefix` is how the table's
    /// keys are spelled in messages (`long.KEY_NEXTSONG`).
    private static func read(_ table: [String: String], prefix: String, file: RawPath?) throws(InputError)
        -> [(KeyCode, PlayerCommand?)]
    {
        var chosen: [KeyCode: (name: String, command: PlayerCommand?)] = [:]
        var result: [(KeyCode, PlayerCommand?)] = []
        for (keyName, actionName) in table.sorted(by: { $0.key < $1.key }) {
            guard let key = KeyCode(name: keyName) else {
                throw .unknownKeyName(prefix + keyName, file: file)
            }
            let command: PlayerCommand?
            if Self.unbindNames.contains(KeyActionName.folded(actionName)) {
                command = nil
            } else if let named = KeyActionName.command(named: actionName) {
                command = named
            } else {
                throw .unknownAction(actionName, key: prefix + keyName, file: file)
            }
            // `playpause` and `KEY_PLAYPAUSE` are one key; two different actions for it
            // would depend on dictionary order.
            if let earlier = chosen[key], earlier.command != command {
                throw .conflictingBindings(
                    key: key.name, first: prefix + earlier.name, second: prefix + keyName, file: file)
            }
            chosen[key] = (keyName, command)
            result.append((key, command))
        }
        return result
    }
}
