import CDWallyCore
import CDWallyLibrary

/// How `cdwally cards` and `cdwally card` show cards.
enum CardsView {
    static func text(_ list: LibraryService.CardList) -> String {
        guard list.playlist != nil else { return "No CDs playlist, so no cards." }
        guard !list.cards.isEmpty else {
            return "No cards yet: cdwally card assign --card NUMBER ALBUM gives one."
        }
        let width = list.cards.map(\.number.text.count).max() ?? 0
        return list.cards.map { card in
            let number = card.number.text.padding(toLength: width, withPad: " ", startingAt: 0)
            guard let disc = card.disc else {
                return "\(number)  (leads to no disc: \(card.label), line \(card.line))"
            }
            let place = card.position.map { "disc \($0)" } ?? "hidden"
            let mismatch = card.labelMatches ? "" : "  (its label says \"\(card.label)\")"
            return "\(number)  \(place): \(disc.albumArtist) — \(disc.title)\(mismatch)"
        }.joined(separator: "\n")
    }

    static func json(_ list: LibraryService.CardList) -> JSONValue {
        .object([
            ("playlist", .string(list.playlist?.display)),
            (
                "cards",
                .array(
                    list.cards.map { card in
                        .object([
                            ("number", .string(card.number.text)),
                            ("label", .string(card.label)),
                            ("line", .int(card.line)),
                            ("id", .string(card.disc?.id.rawValue)),
                            ("albumArtist", .string(card.disc?.albumArtist)),
                            ("album", .string(card.disc?.title)),
                            ("disc", .int(card.position)),
                            ("labelMatches", .bool(card.labelMatches)),
                        ])
                    })
            ),
        ])
    }

    /// What `doctor` warns of: a label that no longer names the disc below it (a hand edit), a
    /// card that leads to no disc, a number given twice, a line whose number no reader types.
    static func warnings(_ list: LibraryService.CardList) -> [String] {
        var warnings: [String] = []
        for card in list.cards {
            if let disc = card.disc, !card.labelMatches {
                warnings.append(
                    "line \(card.line): card \(card.number)'s label \"\(card.label)\" does not match the disc below it, "
                        + "\(LibraryService.cardLabel(disc)) (the card plays that disc; cdwally card assign "
                        + "--card \(card.number) \(disc.id) rewrites the label)")
            } else if card.disc == nil {
                warnings.append("line \(card.line): card \(card.number) (\(card.label)) leads to no disc")
            }
        }
        warnings += list.repeated.map {
            "line \($0.line): card \($0.number) is given above already; this line counts for nothing"
        }
        warnings += list.bad.map { "line \($0.line): \($0.text): \($0.problem)" }
        return warnings
    }

    /// What `card assign` did, in one or two lines.
    static func assigned(_ change: LibraryService.CardChange) -> String {
        let number = change.cards.first?.number.text ?? ""
        let name = change.disc.map(LibraryService.cardLabel) ?? "the album"
        guard change.written else { return "Card \(number) already plays \(name); nothing changed." }
        var lines: [String] = []
        if change.addedToWallet {
            lines.append("Added \(name) to the wallet\(change.position.map { " as disc \($0)" } ?? "").")
        }
        if let from = change.movedFrom {
            lines.append("Card \(number) moved from \(from) to \(name).")
        } else {
            lines.append("Card \(number) plays \(name).")
        }
        return lines.joined(separator: "\n")
    }

    static func forgotten(_ change: LibraryService.CardChange, album: String?) -> String {
        guard change.written, !change.cards.isEmpty else {
            return "\(album ?? "That album") has no card; nothing changed."
        }
        return change.cards.map { "Forgot card \($0.number)\($0.disc.map { " (\($0))" } ?? "")." }
            .joined(separator: "\n")
    }

    static func json(_ change: LibraryService.CardChange, action: String) -> JSONValue {
        .object([
            ("action", .string(action)),
            ("written", .bool(change.written)),
            ("playlist", .string(change.playlist.display)),
            (
                "cards",
                .array(
                    change.cards.map {
                        .object([("number", .string($0.number.text)), ("leadsTo", .string($0.disc))])
                    })
            ),
            ("movedFrom", .string(change.movedFrom)),
            ("addedToWallet", .bool(change.addedToWallet)),
            ("id", .string(change.disc?.id.rawValue)),
            ("disc", .int(change.position)),
        ])
    }
}
