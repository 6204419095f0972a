/// Turns tag text as taggers write it into the values `TrackTags` holds. Pure functions,
/// kept apart from TagLib so they can be tested on their own.
enum TagValue {
    /// `text` without surrounding white space; nil when nothing is left.
    static func trimmed(_ text: String?) -> String? {
        // Runs for every tag of every file a scan reads: index arithmetic only, and the
        // string itself when there is nothing to trim (the usual case), with no copy.
        guard let text, let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return nil }
        if first == text.startIndex && text.index(after: last) == text.endIndex { return text }
        return String(text[first...last])
    }

    /// True for the ways taggers spell "this is a compilation": "1" (iTunes, Picard),
    /// "true", "yes". Anything else, "0" included, is false.
    static func flag(_ text: String?) -> Bool {
        guard let value = trimmed(text)?.lowercased() else { return false }
        return value == "1" || value == "true" || value == "yes"
    }

    /// The decibels of a ReplayGain value: -6.5 for "-6.50 dB", 1.25 for "+1.25 dB". A
    /// decimal comma is accepted (some taggers follow the locale); nil when no number
    /// leads the text or it is beyond any real gain.
    static func gain(_ text: String?) -> Double? {
        guard let value = trimmed(text) else { return nil }
        var number = ""
        var seenDigit = false
        var seenPoint = false
        for (offset, character) in value.enumerated() {
            if (character == "-" || character == "+") && offset == 0 {
                number.append(character)
            } else if character.isASCII && character.isNumber {
                number.append(character)
                seenDigit = true
            } else if (character == "." || character == ",") && !seenPoint {
                number.append(".")
                seenPoint = true
            } else {
                break
            }
        }
        guard seenDigit, let decibels = Double(number), decibels.isFinite, abs(decibels) <= 100 else {
            return nil
        }
        return decibels
    }

    /// ReplayGain's text form, as foobar2000 and Picard write it: "-6.50 dB".
    static func gainText(_ decibels: Double) -> String {
        let hundredths = Int((abs(decibels) * 100).rounded())
        let sign = decibels < 0 && hundredths > 0 ? "-" : ""
        let fraction = hundredths % 100
        return "\(sign)\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) dB"
    }
}
