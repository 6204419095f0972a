/// The words generated names are made of. Names mix plain ASCII with the accents, scripts
/// and punctuation real libraries hold (Latin with diacritics, Cyrillic, Greek, Japanese,
/// ampersands, apostrophes), so that indexing, sorting and file names meet them too.
enum NameBank {
    static let adjectives = [
        "Silver", "Quiet", "Electric", "Paper", "Hollow", "Golden", "Broken", "Velvet", "Northern",
        "Crimson", "Distant", "Wild", "Gentle", "Frozen", "Burning", "Secret", "Little", "Lonely",
        "Restless", "Painted", "Midnight", "Summer", "Winter", "Neon", "Copper", "Faded", "Endless",
        "Falling", "Sleeping", "Hidden", "Open", "Bitter", "Sweet", "Crystal", "Wooden", "Iron",
        "Blue", "Scarlet", "Amber", "Violet", "Lucky", "Careless", "Radiant", "Stray", "Tender",
        "Savage", "Pale", "Heavy", "Weightless", "Clockwork", "Analog", "Atomic", "Cosmic", "Rusty",
    ]

    static let nouns = [
        "Rivers", "Lanterns", "Engines", "Sparrows", "Mirrors", "Harbors", "Wolves", "Satellites",
        "Gardens", "Machines", "Ghosts", "Oceans", "Kingdoms", "Echoes", "Horses", "Signals", "Towers",
        "Shadows", "Islands", "Strangers", "Letters", "Bridges", "Flowers", "Stars", "Trains", "Rooms",
        "Clouds", "Dreams", "Lights", "Voices", "Cities", "Windows", "Mountains", "Storms", "Tides",
        "Feathers", "Diamonds", "Radios", "Comets", "Orchards", "Highways", "Bells", "Maps", "Keys",
        "Fires", "Roads", "Hearts", "Seasons", "Waves", "Birds", "Wires", "Ladders", "Owls", "Moths",
    ]

    static let verbs = [
        "Follow", "Remember", "Carry", "Forget", "Chase", "Hold", "Leave", "Find", "Burn", "Build",
        "Break", "Call", "Wake", "Save", "Meet", "Keep", "Cross", "Light", "Paint", "Answer",
    ]

    static let firstNames = [
        "Anna", "Ben", "Clara", "David", "Elena", "Frank", "Grace", "Henry", "Iris", "Jack", "Kate",
        "Leo", "Maya", "Nina", "Oscar", "Paul", "Quinn", "Rosa", "Sam", "Tess", "Victor", "Wendy",
        "Yusuf", "Zoe", "Marcus", "Lena", "Hugo", "Ada", "Felix", "Nora",
    ]

    static let lastNames = [
        "Walker", "Hart", "Mercer", "Lindqvist", "Okafor", "Brennan", "Castillo", "Novak", "Sato",
        "Fischer", "Moreau", "O'Neill", "Kowalski", "Haddad", "Jensen", "Rossi", "Abernathy", "Quill",
        "Delgado", "Whitfield", "Marsh", "Ellington", "Vance", "Holloway", "Price", "Fontaine",
    ]

    /// Names as they are written, each with the sort name a tagger gives them.
    static let unicodeArtists: [(name: String, sort: String?)] = [
        ("Sigríður Ólafsdóttir", "Ólafsdóttir, Sigríður"), ("Éléonore Dupré", "Dupré, Éléonore"),
        ("Jürgen Müller Quartett", nil), ("Ørjan Nøkleby", "Nøkleby, Ørjan"),
        ("Zoë Kärkkäinen", "Kärkkäinen, Zoë"), ("Łukasz Żółć", "Żółć, Łukasz"),
        ("Алексей Иванов", "Иванов, Алексей"), ("Ансамбль «Берёзка»", nil),
        ("Νίκος Παπαδόπουλος", "Παπαδόπουλος, Νίκος"), ("坂本 花子", "Sakamoto, Hanako"),
        ("東京スカイライン", "Tokyo Skyline"), ("Café Tacvba Revival", nil), ("Motörhead Tribute", nil),
        ("Beyoncé Knowles-Carter Ensemble", nil), ("Mötley Crüe Covers", nil), ("Sigur Rósir", nil),
        ("Ñandú & Los Cóndores", nil), ("Þórir Björnsson", "Björnsson, Þórir"),
    ]

    static let unicodeTitles = [
        "Ágætis byrjun", "Père Lachaise", "Träumerei", "Ljósið", "Москва ночью", "Όνειρα",
        "夜明けの街", "Señales de humo", "Ça va, ça vient", "Smörgåsbord", "Ångström", "Żywioły",
        "Café au lait", "Niño del sol", "Über alles", "Déjà vu", "Naïve", "Fête foraine",
    ]

    static let places = [
        "Budokan", "the Roundhouse", "Montreux", "the Paradiso", "Red Rocks", "the Fillmore",
        "Glastonbury", "the Olympia", "Reykjavík", "São Paulo", "Zürich", "Kraków",
    ]

    static let genres = [
        "Rock", "Pop", "Jazz", "Electronic", "Folk", "Classical", "Hip-Hop", "Ambient", "Indie",
        "Metal", "Soul", "Blues", "Country", "Reggae", "Soundtrack", "World",
    ]

    static let labels = [
        "Warner", "Parlophone", "Sub Pop", "Rough Trade", "Blue Note", "Deutsche Grammophon",
        "Domino", "4AD", "Matador", "Nonesuch", "ECM", "Warp",
    ]

    static let editions = [
        "(Deluxe Edition)", "[Remastered]", "(Remastered 2011)", "(Expanded Edition)",
        "(25th Anniversary Edition)", "[Bonus Tracks]",
    ]
}
