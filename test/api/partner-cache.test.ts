import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { partners } from "@/server/db/schema";
import { findPartnerByApiKeyCached, partnerCacheSeconds } from "@/server/loyalty/partners/cached-partner-lookup";
import { demoApiKey } from "../support/call-route";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

describe("the gateway's partner lookup", () => {
  it("loads the partner with its programmes, remembers it briefly, then sees changes", async () => {
    const db = database.db();
    const start = Date.now();
    const first = await findPartnerByApiKeyCached(db, demoApiKey, start);
    expect(first?.partner.partnerIdentifier).toBe("DEMOPARTNER01");
    expect([...(first?.programmes ?? [])].sort()).toEqual(["HORIZON", "MERIDIAN", "NORTHSTAR"]);

    await db.update(partners).set({ status: "INACTIVE" }).where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
    expect((await findPartnerByApiKeyCached(db, demoApiKey, start + 1_000))?.partner.status).toBe("ACTIVE");
    expect(
      (await findPartnerByApiKeyCached(db, demoApiKey, start + partnerCacheSeconds * 1_000 + 1))?.partner.status,
    ).toBe("INACTIVE");
    await db.update(partners).set({ status: "ACTIVE" }).where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
  });

  it("never remembers an unknown key", async () => {
    expect(await findPartnerByApiKeyCached(database.db(), "ABCDEFGHIJKLMNOPQRSTUVWX")).toBeUndefined();
  });
});
