/**
 * Letters that Unicode decomposition does not reduce to ASCII (letters of
 * their own, not a base letter with a mark), and the typographic punctuation
 * partners' forms tend to produce.
 */
const ownLetters: Readonly<Record<string, string>> = {
  ß: "ss",
  ẞ: "SS",
  Æ: "AE",
  æ: "ae",
  Œ: "OE",
  œ: "oe",
  Ø: "O",
  ø: "o",
  Ł: "L",
  ł: "l",
  Ŀ: "L",
  ŀ: "l",
  Đ: "D",
  đ: "d",
  Ð: "D",
  ð: "d",
  Þ: "TH",
  þ: "th",
  Ħ: "H",
  ħ: "h",
  Ŧ: "T",
  ŧ: "t",
  ı: "i",
  ĸ: "k",
  Ŋ: "N",
  ŋ: "n",
  ſ: "s",
  "\u2018": "'",
  "\u2019": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u00A0": " ",
};

const ownLetterPattern = new RegExp(`[${Object.keys(ownLetters).join("")}]`, "gu");

/**
 * One-way transliteration of accented Latin text to ASCII, case kept
 * (`Crème brûlée` → `Creme brulee`, `Straße` → `Strasse`, `ﬁ` → `fi`): what
 * the service stores and echoes where the spec says accented characters are
 * converted. A character with no ASCII form (another script) is kept as it is.
 */
export function toAscii(text: string): string {
  return text
    .replace(ownLetterPattern, (letter) => ownLetters[letter] ?? letter)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "");
}
