import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { partners } from "@/server/loyalty/partners/partner-tables";
import {
  clearPartnerCache,
  findPartnerByApiKeyCached,
  partnerCacheSeconds,
} from "@/server/loyalty/partners/cached-partner-lookup";
import { followPartnerKeyChanges } from "@/server/loyalty/partners/follow-partner-key-changes";
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

  it("forgets at once what another connection changed, once it follows the database's announcements", async () => {
    const db = database.db();
    await followPartnerKeyChanges(database.handle());
    clearPartnerCache(); // what the first test remembered
    const start = Date.now();
    expect((await findPartnerByApiKeyCached(db, demoApiKey, start))?.partner.status).toBe("ACTIVE");
    // Well within the cache's lifetime: only the announcement can make the change show. The lookups' clock stands
    // still, so waiting longer than poll's default second for it (a busy machine) proves just as much.
    const announced = { timeout: 20_000 };
    await db.update(partners).set({ status: "INACTIVE" }).where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
    await expect
      .poll(async () => (await findPartnerByApiKeyCached(db, demoApiKey, start + 1_000))?.partner.status, announced)
      .toBe("INACTIVE");
    await db.update(partners).set({ status: "ACTIVE" }).where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
    await expect
      .poll(async () => (await findPartnerByApiKeyCached(db, demoApiKey, start + 2_000))?.partner.status, announced)
      .toBe("ACTIVE");
  });
});
