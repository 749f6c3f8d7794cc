import { randomFillSync } from "node:crypto";

const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

// Random bytes are drawn in batches: one call into the CSPRNG per few hundred
// identifiers instead of two per debit, which shows on the debit's hot path.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomCode(length: number): string {
  if (poolOffset + length > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  let code = "";
  // 32 symbols divide 256 evenly: every symbol is equally likely.
  for (let index = 0; index < length; index++) code += alphabet[pool[poolOffset + index]! % alphabet.length];
  poolOffset += length;
  return code;
}

/** A journal entry's public identifier: 24 upper-case alphanumerics (110 random bits). */
export function newTransactionIdentifier(): string {
  return `TX${randomCode(22)}`;
}

/** A debit's internal reference, at most 10 alphanumerics as retrieve transactions requires. */
export function newServiceReference(): string {
  return `R${randomCode(9)}`;
}
