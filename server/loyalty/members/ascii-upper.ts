/**
 * Letters that Unicode decomposition does not reduce to ASCII (they are
 * letters of their own, not a base letter with a mark), and typographic
 * punctuation partners' forms tend to produce.
 */
const ownLetters: Readonly<Record<string, string>> = {
  ß: "SS",
  ẞ: "SS",
  Æ: "AE",
  æ: "AE",
  Œ: "OE",
  œ: "OE",
  Ø: "O",
  ø: "O",
  Ł: "L",
  ł: "L",
  Ŀ: "L",
  ŀ: "L",
  Đ: "D",
  đ: "D",
  Ð: "D",
  ð: "D",
  Þ: "TH",
  þ: "TH",
  Ħ: "H",
  ħ: "H",
  Ŧ: "T",
  ŧ: "T",
  ı: "I",
  ĸ: "K",
  Ŋ: "N",
  ŋ: "N",
  ſ: "S",
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
 * The spec's "stored in upper case ASCII (one-way)": accents are dropped
 * ("José" → "JOSE"), compatibility forms folded ("ﬁ" → "FI"), and letters of
 * their own spelt out ("Straße" → "STRASSE"). A character with no ASCII form
 * (another script) is kept as it is, so callers that must store ASCII check
 * the result with `isPrintableAscii` rather than lose it silently.
 */
export function toAsciiUpper(value: string): string {
  return value
    .replace(ownLetterPattern, (letter) => ownLetters[letter] ?? letter)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toUpperCase();
}

export function isPrintableAscii(value: string): boolean {
  return /^[\x20-\x7E]*$/.test(value);
}

/**
 * What a security response is hashed from: upper-case ASCII with runs of
 * white space made one, so "  josé  maría" and "JOSE MARIA" are the same
 * answer when the member gives it again.
 */
export function normaliseSecurityResponse(response: string): string {
  return toAsciiUpper(response).trim().replace(/\s+/g, " ");
}

/** What a registered identifier (passport, identity card) is hashed from. */
export function normaliseRegisteredIdentifier(identifier: string): string {
  return toAsciiUpper(identifier).trim();
}
