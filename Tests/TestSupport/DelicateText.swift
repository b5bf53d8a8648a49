/// Characters where string folding is delicate, for tests that hold the databases' folding to
/// memory's: Greek (final sigma, symbol variants, iota subscripts), Turkish dotted and dotless
/// i, `ß`/`ẞ`, ligatures, the Kelvin, Ohm and Angstrom signs, Cherokee, fullwidth and halfwidth
/// forms with their sound marks, Hebrew, Thai and Devanagari marks, Tibetan vowels, Hangul
/// syllables and jamo, emoji with modifiers, joiners, regional indicators, variation selectors, and combining marks
/// of several classes.
public enum DelicateText {
    /// Single characters (some followed by a mark already).
    public static let characters: [String] = [
        "a", "A", "z", "I", "i", "İ", "ı", "s", "S", "ß", "ẞ", "Σ", "σ", "ς", "ϐ", "ϑ", "ϕ", "ϖ", "ϰ", "ϱ", "ϵ", "ΐ",
        "ᾈ", "ᾳ", "K", "k", "\u{212A}", "\u{2126}", "\u{212B}", "Å", "Ꭰ", "ꭰ", "ﬁ", "ﬀ", "ﬃ", "ŉ", "ǰ", "ǅ", "Ａ", "ｚ",
        "ｶ", "ﾞ", "ﾟ", "\u{FFE3}", "が", "か", "ש", "ก", "क", "é", "ǖ", "Ǖ", "Ⅻ", "Ⓐ", "가", "\u{1100}", "\u{1161}",
        "\u{0F73}", "😀", "\u{1F3FB}", "\u{200C}", "\u{200D}", "\u{1F1EB}", "\u{1F1F7}", "\u{1F469}", "\u{2764}", "1",
        " ", "Ա", "և", "𐐀", "𞤀", "e\u{301}",
    ]

    /// Combining and other extending characters.
    public static let marks: [String] = [
        "\u{300}", "\u{301}", "\u{302}", "\u{307}", "\u{316}", "\u{327}", "\u{344}", "\u{345}", "\u{5B0}", "\u{93C}",
        "\u{903}", "\u{E34}", "\u{E48}", "\u{3099}", "\u{20DD}", "\u{FE0F}", "\u{E0100}",
    ]

    /// Whole words a user might store and search for with `[c]`/`[d]`.
    public static let words: [String] = [
        "ΣΑΣ", "σας", "Σας", "ΌΣΟΣ", "όσος", "İstanbul", "istanbul", "ISTANBUL", "ıspanak", "Straße", "STRASSE",
        "strasse", "ẞ", "\u{212A}elvin", "kelvin", "\u{2126}hm", "ωhm", "\u{212B}ngstrom", "Ångström", "ᏣᎳᎩ", "ꮳꮃꭹ",
        "ﬁle", "file", "Ｆｕｌｌ", "full", "ｶﾞ", "ガ", "café", "cafe\u{301}", "CAFÉ", "naïve", "Zoë", "日本", "e\u{301}",
    ]
}
