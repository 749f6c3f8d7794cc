import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSecretName, keyWords, redactBody, redactedValue, redactText } from "@/lib/developers/redact-body";
import { hasRedactions } from "@/lib/developers/replay-curl";

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

describe("redactBody", () => {
  it("redacts secrets and personal data wherever they sit, and keeps what a developer needs", () => {
    const body = {
      member: {
        name: { firstName: "Alex", familyName: "Example" },
        dateOfBirth: "1980-05-17",
        emailAddress: "alex@example.test",
        telecomAddress: [{ number: "+44 20 7946 0000" }],
        postalAddress: { postCode: "SW1A 1AA", addressLines: ["1 Road"] },
        registeredIdentifier: [{ identifier: "8001015009087", type: "NATIONAL_IDENTITY_CARD" }],
        securityProfile: {
          credentials: { identifier: "demo.member1", password: "Sandbox#2026" },
          securityResponses: [{ questionIdentifier: 1, response: "Rex" }],
        },
      },
      access_token: "eyJ...",
      Refresh_Token: "opaque",
      card: { number: "4242424242424242", cvc: "123" },
      debitTransaction: { identifier: "TX123", description: "QUICKSTART", monetaryAmount: { amount: "1000" } },
    };
    const redacted = redactBody(body) as typeof body;
    const text = JSON.stringify(redacted);
    for (const secret of [
      "Alex",
      "Example",
      "1980-05-17",
      "alex@example.test",
      "7946",
      "SW1A",
      "8001015009087",
      "demo.member1",
      "Sandbox#2026",
      "Rex",
      "eyJ",
      "opaque",
      "4242",
      '"cvc":"123"',
    ])
      expect(text).not.toContain(secret);
    expect(redacted.member.name).toBe(redactedValue);
    expect(redacted.debitTransaction).toEqual(body.debitTransaction);
    expect(redactBody("plain")).toBe("plain");
    expect(redactBody([{ password: "x" }])).toEqual([{ password: redactedValue }]);
  });

  it("masks the names the exact list missed: newPassword, pin, pan, apiKey, at any depth and in arrays", () => {
    const body = {
      newPassword: "N3w#Secret",
      new_password: "N3w#Secret",
      PIN: "1234",
      cardPin: "1234",
      pan: "4000056655665556",
      "API-Key": "SBXabcdefghijklmnopqrstu",
      apiKey: "SBXabcdefghijklmnopqrstu",
      APIKey: "SBXabcdefghijklmnopqrstu",
      cardNumber: "4000056655665556",
      card_number: "4000056655665556",
      client_secret: "s3cr3t-value",
      clientsecret: "s3cr3t-value",
      nested: [{ deeper: [{ cvv2: "999", security_code: "999", pinCode: 4321 }] }],
    };
    const redacted = redactBody(body) as Record<string, unknown>;
    for (const [key, value] of Object.entries(redacted)) {
      if (key !== "nested") expect(value, key).toBe(redactedValue);
    }
    expect(redacted.nested).toEqual([
      { deeper: [{ cvv2: redactedValue, security_code: redactedValue, pinCode: redactedValue }] },
    ]);
  });

  it("keeps public values: a programme's name, an organisation's, words that merely contain pin or pan", () => {
    const programme = {
      name: "Northstar Club",
      programmePartner: { organisation: { identifier: "DEMOPARTNER", organisationName: "Demo Partner" } },
      programmes: [{ identifier: "NORTHSTAR", name: "Northstar Club" }],
      shipping: "standard",
      opinion: "fine",
      company: "Demo Partner",
      expand: "transactions",
      spinner: 1,
      panorama: true,
      title: "Quickstart",
    };
    expect(redactBody(programme)).toEqual(programme);
  });

  it("masks a person's name and title, and every contact detail of the membership answer", () => {
    const membership = {
      membershipIdentifier: "3900000000040001",
      member: {
        person: {
          name: { title: "MR", firstName: "ALEX", familyName: "EXAMPLE" },
          emailAddresses: { preferredEmailAddress: { emailAddress: "alex@example.test" } },
          preferredPostalAddress: { addressLines: ["1 ROAD"], postCode: "SW1A 1AA", countryCode: "GB" },
          telecomAddresses: [{ type: "MOBILE", number: "7946000000" }],
        },
        passengers: [{ name: "Alex Example", title: "Dr" }],
      },
    };
    const text = JSON.stringify(redactBody(membership));
    for (const secret of ["ALEX", "EXAMPLE", "MR", "alex@example.test", "1 ROAD", "SW1A", "7946", "Alex", "Dr"])
      expect(text).not.toContain(secret);
    expect(text).toContain("3900000000040001");
  });

  it("masks api_key values inside strings: links to the request itself, URLs in bodies, encoded ones", () => {
    const key = "SBX0DEMO0PARTNER00000001";
    const body = {
      _links: { self: { href: `http://localhost:3000/api/v1/programmes/NORTHSTAR?api_key=${key}` } },
      note: `see https://example.test/cb?x=1&API-KEY=${key}&y=2 and ?redirect=http%3A%2F%2Fa%3Fapi_key%3D${key}`,
      copy: `the key is ${key}`,
    };
    const redacted = redactBody(body, { secrets: [key] }) as typeof body;
    expect(JSON.stringify(redacted)).not.toContain(key);
    expect(redacted._links.self.href).toBe(
      `http://localhost:3000/api/v1/programmes/NORTHSTAR?api_key=${redactedValue}`,
    );
    expect(redacted.note).toContain(`&API-KEY=${redactedValue}&y=2`);
    expect(redacted.copy).toBe(`the key is ${redactedValue}`);
    expect(redactText("/api/v1/programmes/api_key=abc")).toBe(`/api/v1/programmes/api_key=${redactedValue}`);
  });

  it("splits names into words at case changes, digits and separators", () => {
    expect(keyWords("newPassword")).toEqual(["new", "password"]);
    expect(keyWords("APIKey")).toEqual(["api", "key"]);
    expect(keyWords("X-API-KEY")).toEqual(["x", "api", "key"]);
    expect(keyWords("cvv2")).toEqual(["cvv", "2"]);
    expect(keyWords("card__number")).toEqual(["card", "number"]);
  });

  it("tells when a body still holds redacted values", () => {
    expect(hasRedactions({ a: redactedValue })).toBe(true);
    expect(hasRedactions({ a: "b" })).toBe(false);
  });
});

/** Generated names: secret words spelt in any case, joined by any separator, with ordinary words around them. */
const secretWords = [
  ["password"],
  ["passwd"],
  ["secret"],
  ["token"],
  ["pin"],
  ["pan"],
  ["cvc"],
  ["cvv"],
  ["card", "number"],
  ["api", "key"],
  ["credential"],
  ["passcode"],
];
const ordinaryWords = [
  "shipping",
  "opinion",
  "company",
  "expand",
  "programme",
  "points",
  "amount",
  "currency",
  "description",
  "identifier",
  "status",
  "date",
  "type",
  "spinner",
  "pantry",
  "japan",
  "span",
  "keyboard",
  "capital",
  "number",
  "card",
  "code",
  "key",
  "new",
  "client",
  "old",
  "member",
  "transaction",
  "location",
  "partner",
  "happiness",
];
const separators = ["", "_", "-", ".", " ", "__"];

type Casing = "lower" | "upper" | "capital";
const cased = (word: string, casing: Casing) =>
  casing === "lower"
    ? word
    : casing === "upper"
      ? word.toUpperCase()
      : `${word[0]!.toUpperCase()}${word.slice(1).toLowerCase()}`;

/** A name from words: each in a case of its own, joined by the separator; without one, camelCase. */
function nameOf(words: readonly string[], casings: readonly Casing[], separator: string): string {
  return words
    .map((word, index) => {
      const casing = casings[index % casings.length]!;
      if (index === 0) return cased(word, casing);
      // Run together, a capital starts each later word (camelCase, or PascalCase after an acronym: APIKey).
      return separator === "" ? cased(word, "capital") : separator + cased(word, casing);
    })
    .join("");
}

const casing = fc.constantFrom<Casing>("lower", "upper", "capital");

describe("redaction by meaning, fuzzed", () => {
  it("masks every generated name built around a secret word, in any case and separator, at any depth", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...ordinaryWords), { maxLength: 2 }),
        fc.constantFrom(...secretWords),
        fc.array(fc.constantFrom(...ordinaryWords), { maxLength: 1 }),
        fc.array(casing, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...separators),
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        (before, secret, after, casings, separator, depth, inArray) => {
          const name = nameOf([...before, ...secret, ...after], casings, separator);
          expect(isSecretName(name), name).toBe(true);
          let body: unknown = { [name]: "s3cr3t-value", kept: "visible" };
          for (let level = 0; level < depth; level += 1) body = inArray ? { list: [body] } : { level: body };
          const text = JSON.stringify(redactBody(body));
          expect(text, name).not.toContain("s3cr3t-value");
          expect(text).toContain("visible");
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("keeps every generated name of ordinary words, and its value, at any depth", () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.constantFrom(...ordinaryWords), { minLength: 1, maxLength: 3 })
          // "card" then "number" is a card number, and a "card" alone is a payment card: neither is ordinary.
          .filter(
            (words) =>
              words.join() !== "card" && !words.some((word, index) => word === "card" && words[index + 1] === "number"),
          ),
        fc.array(casing, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...separators),
        fc.string({ maxLength: 30 }).filter((value) => !/api[_-]?key/i.test(value)),
        fc.integer({ min: 0, max: 3 }),
        (words, casings, separator, value, depth) => {
          const name = nameOf(words, casings, separator);
          expect(isSecretName(name), name).toBe(false);
          let body: unknown = { [name]: value };
          for (let level = 0; level < depth; level += 1) body = { programme: [body] };
          expect(redactBody(body)).toEqual(body);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("keeps any value under a public key, a programme's name included, however it reads", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("name", "organisationName", "description", "identifier", "status"),
        fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("Northstar Club", "[redacted]", "secret", "password")),
        (key, value) => {
          fc.pre(!/api[_-]?key/i.test(value));
          const body = { programmes: [{ [key]: value }], programmePartner: { organisation: { [key]: value } } };
          expect(redactBody(body)).toEqual(body);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
