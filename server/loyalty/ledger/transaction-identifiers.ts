import { randomBytes } from "node:crypto";

const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function randomCode(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
}

/** A journal entry's public identifier: 24 upper-case alphanumerics (120 random bits). */
export function newTransactionIdentifier(): string {
  return `TX${randomCode(22)}`;
}

/** A debit's internal reference, at most 10 alphanumerics as retrieve transactions requires. */
export function newServiceReference(): string {
  return `R${randomCode(9)}`;
}
