/**
 * Redacts secrets and personal data from a JSON body before the request log
 * keeps it (developer console). Keys are judged by what their words mean,
 * not by their spelling: a key is split into words at case changes, digits
 * and any separator (`newPassword`, `new_password`, `NEW-PASSWORD` are all
 * "new password"), and a secret word among them masks the value, whatever
 * lies under it, at any depth and inside arrays. Short words (`pin`, `pan`,
 * `cvv`) must be whole words, so `shipping`, `opinion`, `company` and
 * `expand` are kept; long ones (`password`, `secret`, `token`) mask a word
 * that holds them too (`newpassword`, `clientsecret`), since a secret run
 * into another word is still a secret. Strings keep their text but lose any
 * `api_key` query value, and any of the caller's known secrets (the
 * request's own api_key), wherever they appear (a URL inside a body, a link
 * to the request itself). Structure and public values (a programme's name,
 * a transaction's identifier) stay as they are.
 */
export const redactedValue = "[redacted]";

/** Secret words that count only as whole words: `pin` is not in `shipping`, `pan` not in `company`. */
const shortSecretWords = new Set(["pin", "pan", "cvc", "cvv", "cvn", "csc", "pwd", "otp"]);

/** Secret words that also count inside a longer word run together (`newpassword`, `accesstoken`). */
const longSecretWords = ["password", "passwd", "passphrase", "passcode", "secret", "token", "credential"];

/** Two words that together name a secret, written apart (`api_key`, `cardNumber`) or run together (`apikey`). */
const secretPairs: readonly (readonly [string, string])[] = [
  ["api", "key"],
  ["access", "key"],
  ["private", "key"],
  ["signing", "key"],
  ["card", "number"],
  ["security", "code"],
  ["security", "response"],
  ["security", "responses"],
  ["security", "answer"],
];

/**
 * Words that mark personal data wherever they appear in a key: contact
 * details, postal addresses, birth dates, a person's names and documents.
 */
const personalWords = new Set([
  "email",
  "emails",
  "phone",
  "phones",
  "mobile",
  "telephone",
  "telecom",
  "postal",
  "postcode",
  "zip",
  "address",
  "addresses",
  "birth",
  "birthday",
  "dob",
  "surname",
  "forename",
  "username",
  "passport",
  "expiry",
]);

/** Two words that together mark personal data: a person's names, a post code, a registered document. */
const personalPairs: readonly (readonly [string, string])[] = [
  ["first", "name"],
  ["given", "name"],
  ["family", "name"],
  ["last", "name"],
  ["middle", "name"],
  ["full", "name"],
  ["maiden", "name"],
  ["user", "name"],
  ["post", "code"],
  ["registered", "identifier"],
  ["registered", "identifiers"],
];

/** Whole keys that are personal or secret in this API's bodies (`response`, `answer`: security answers). */
const personalKeys = new Set(["response", "answer", "answers", "card", "credentials", "securityprofile"]);

/**
 * Keys personal only in a person's, a card's or a credential's context:
 * `name` and `title` of a programme or an organisation are public, a
 * person's are not; a transaction's `identifier` and `number` are no
 * document, a registered identifier's or a card's are.
 */
const contextualKeys = new Set(["name", "title", "identifier", "number", "value"]);

/** Keys under which everything is a person's, a card's or a credential's. */
const personWords = new Set([
  "person",
  "persons",
  "people",
  "member",
  "members",
  "customer",
  "customers",
  "passenger",
  "passengers",
  "traveller",
  "travellers",
  "traveler",
  "travelers",
  "contact",
  "contacts",
  "individual",
  "guest",
  "guests",
  "holder",
  "cardholder",
  "beneficiary",
  "user",
  "users",
  "card",
  "cards",
  "credentials",
]);

/** The words of a key, in lower case: split at case changes, between letters and digits, and at anything else. */
export function keyWords(key: string): string[] {
  return key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/([A-Za-z])([0-9])/g, "$1 $2")
    .replace(/([0-9])([A-Za-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function hasPair(words: readonly string[], pairs: readonly (readonly [string, string])[]): boolean {
  return pairs.some(
    ([first, second]) =>
      words.some((word) => word === first + second) ||
      words.some((word, index) => word === first && words[index + 1] === second),
  );
}

/** What a key says about its value, from its words. */
interface KeyMeaning {
  /** It names a secret: a password, a token, a key, card data. */
  secret: boolean;
  /** It names personal data whatever its context (an email address, a person's family name). */
  personal: boolean;
  /** It names personal data inside a person (a `name` under `customer`). */
  contextual: boolean;
  /** It names a person, whose fields are personal. */
  person: boolean;
}

// Bodies repeat the same few keys (every row of a history has the same fields), and splitting a key into words
// takes five regular expressions: each key's meaning is kept, up to a bound, since the keys come from the sender.
const meanings = new Map<string, KeyMeaning>();
const meaningsKept = 2_000;

function meaningOf(key: string): KeyMeaning {
  const known = meanings.get(key);
  if (known) return known;
  const words = keyWords(key);
  const joined = words.join("");
  const personal =
    personalKeys.has(joined) || words.some((word) => personalWords.has(word)) || hasPair(words, personalPairs);
  const meaning: KeyMeaning = {
    secret:
      words.some((word) => shortSecretWords.has(word) || longSecretWords.some((secret) => word.includes(secret))) ||
      hasPair(words, secretPairs) ||
      words.some((word) => word.endsWith("apikey") || word.endsWith("cardnumber")),
    personal,
    contextual: contextualKeys.has(joined),
    person: personal || words.some((word) => personWords.has(word)),
  };
  if (meanings.size < meaningsKept) meanings.set(key, meaning);
  return meaning;
}

/** Whether a key (or a query parameter's name) names a secret: a password, a token, a key, card data. */
export function isSecretName(key: string): boolean {
  return meaningOf(key).secret;
}

/** `api_key=…` in a query or a URL, percent-encoded or not: the value up to the next delimiter. */
const apiKeyParameter = /(api[_-]?key(?:=|%3d))[^&#\s"'<>,;/?]*/gi;

/** A string without `api_key` values and without any of the known secrets (shorter than 8 characters are ignored). */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let result = text.replace(apiKeyParameter, `$1${redactedValue}`);
  for (const secret of secrets) if (secret.length >= 8) result = result.replaceAll(secret, redactedValue);
  return result;
}

export interface RedactOptions {
  /** Values to mask wherever they appear, whatever the key: the request's own api_key. */
  secrets?: readonly string[];
}

export function redactBody(value: unknown, options: RedactOptions = {}): unknown {
  return redactUnder(value, false, 0, options.secrets ?? []);
}

function redactUnder(value: unknown, personal: boolean, depth: number, secrets: readonly string[]): unknown {
  if (depth > 32) return redactedValue;
  if (typeof value === "string") return redactText(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactUnder(item, personal, depth + 1, secrets));
  if (value === null || typeof value !== "object") return value;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const meaning = meaningOf(key);
    const sensitive =
      meaning.secret ||
      meaning.personal ||
      (meaning.contextual &&
        (personal || (key.toLowerCase() === "name" && inner !== null && typeof inner === "object")));
    result[redactText(key, secrets)] = sensitive
      ? redactedValue
      : redactUnder(inner, personal || meaning.person, depth + 1, secrets);
  }
  return result;
}
