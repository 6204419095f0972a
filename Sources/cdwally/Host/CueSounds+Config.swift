import CDWallyConfig
import CDWallyCore
import CDWallyPlayer

extension CueSounds {
    /// `[cards] sounds`, `unknown_sound`, `refused_sound` (docs/PRODUCT.md §11): `sounds = true`
    /// gives both built-in sounds; a file of the user's sounds instead, and alone turns its
    /// cue on; `sounds = false` silences both, files or not.
    init?(config: ConfigFile?) {
        guard let config, config.cardSounds?.value != false else { return nil }
        let builtIn: Source? = config.cardSounds?.value == true ? .builtIn : nil
        self.init(
            unknownCard: config.unknownCardSound.map { .file(RawPath($0.value)) } ?? builtIn,
            refused: config.refusedCardSound.map { .file(RawPath($0.value)) } ?? builtIn)
        if isSilent { return nil }
    }
}
