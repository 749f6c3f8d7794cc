/** Letters that Unicode decomposition does not reduce to ASCII. */
const specialLetters: Record<string, string> = {
  ß: "ss",
  ẞ: "SS",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "TH",
  ı: "i",
};

/**
 * One-way transliteration of accented Latin text to ASCII, case kept
 * (`Crème brûlée` → `Creme brulee`): what the service stores and echoes where
 * the spec says accented characters are converted.
 */
export function toAscii(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\u0000-\u007f]/g, (character) => specialLetters[character] ?? character);
}
