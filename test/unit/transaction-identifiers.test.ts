import { describe, expect, it } from "vitest";
import { newServiceReference, newTransactionIdentifier } from "@/server/loyalty/ledger/transaction-identifiers";

describe("journal identifiers", () => {
  it("are TX plus 22 symbols of the unambiguous alphabet, and never repeat across many batches of random bytes", () => {
    const seen = new Set<string>();
    for (let index = 0; index < 20_000; index++) {
      const identifier = newTransactionIdentifier();
      expect(identifier).toMatch(/^TX[0-9ABCDEFGHJKMNPQRSTVWXYZ]{22}$/);
      seen.add(identifier);
    }
    expect(seen.size).toBe(20_000);
  });

  it("use every symbol of the alphabet at every position, not a fixed pattern", () => {
    const symbolsAt = Array.from({ length: 9 }, () => new Set<string>());
    for (let index = 0; index < 5_000; index++) {
      const reference = newServiceReference();
      expect(reference).toMatch(/^R[0-9A-Z]{9}$/);
      [...reference.slice(1)].forEach((symbol, position) => symbolsAt[position]!.add(symbol));
    }
    for (const symbols of symbolsAt) expect(symbols.size).toBe(32);
  });
});
