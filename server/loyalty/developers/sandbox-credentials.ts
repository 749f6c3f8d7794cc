import { randomBytes, randomInt } from "node:crypto";

const upperLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const upperAlphanumerics = `${upperLetters}0123456789`;

function randomFrom(alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join("");
}

/** The credentials a developer's sandbox partner is made with; the secrets are shown once, then only hashes remain. */
export interface SandboxCredentials {
  /** `DEV` + 10 letters and digits: the partner identifier (at most 20). */
  partnerIdentifier: string;
  /** Lower-case tag in the member copies' usernames, e.g. `k3x9qa2m1z.member1`. */
  usernameTag: string;
  /** 24 alphanumerics, as every api_key. */
  stagingApiKey: string;
  /** A1's `<prefix>-<5 digits>`. */
  clientId: string;
  clientSecret: string;
  /** The further programmes' client (A3/A4): alphanumeric, with its business context. */
  furtherClientId: string;
  /** `DEV` + 10 letters: the spec's business context is alphabetic (A3 refuses a client whose context has a digit). */
  businessContextIdentifier: string;
  partnerSecret: string;
}

export function newApiKey(): string {
  return `SBX${randomFrom(upperAlphanumerics, 21)}`;
}

/** 256 random bits, base64url: a client secret or partner secret. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function newSandboxCredentials(): SandboxCredentials {
  const tag = randomFrom(upperAlphanumerics, 10);
  const number = String(randomInt(10_000, 100_000));
  return {
    partnerIdentifier: `DEV${tag}`,
    usernameTag: tag.toLowerCase(),
    stagingApiKey: newApiKey(),
    clientId: `DEV${tag}-${number}`,
    clientSecret: newSecret(),
    furtherClientId: `DEV${tag}${number}`,
    businessContextIdentifier: `DEV${randomFrom(upperLetters, 10)}`,
    partnerSecret: newSecret(),
  };
}
