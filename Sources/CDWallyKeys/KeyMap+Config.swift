import CDWallyCore
import CDWallyPlayer

extension KeyMap {
    /// Action names that remove a binding, so a user can silence a default key.
    static let unbindNames: Set<String> = ["none", "ignore", "off", "nothing"]

    /// Lays the config file's `[keys]` table (key name → action name) over `base`.
    ///
    /// Key names are read as `KeyCode(name:)` reads them; action names as
    /// `KeyActionName.command(named:)` does, plus `none` to unbind a key. Entries are checked in
    /// name order, so the first problem reported is the same on every run. `file` only
    /// names the config file in error messages.
    public init(
        config table: [String: String], base: KeyMap = .defaults, file: RawPath? = nil
    ) throws(InputError) {
        var result = base
        var chosen: [KeyCode: (name: String, command: PlayerCommand?)] = [:]
        for (keyName, actionName) in table.sorted(by: { $0.key < $1.key }) {
            guard let key = KeyCode(name: keyName) else {
                throw .unknownKeyName(keyName, file: file)
            }
            let command: PlayerCommand?
            if Self.unbindNames.contains(KeyActionName.folded(actionName)) {
                command = nil
            } else if let named = KeyActionName.command(named: actionName) {
                command = named
            } else {
                throw .unknownAction(actionName, key: keyName, file: file)
            }
            // `playpause` and `KEY_PLAYPAUSE` are one key; two different actions for it
            // would depend on dictionary order.
            if let earlier = chosen[key], earlier.command != command {
                throw .conflictingBindings(key: key.name, first: earlier.name, second: keyName, file: file)
            }
            chosen[key] = (keyName, command)
            result.bind(key, to: command)
        }
        self = result
    }
}
