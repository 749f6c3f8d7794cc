import { describe, expect, it } from "vitest";
import { collectMetrics } from "@/server/observability/metrics";
import { countedLoyaltyFetch, loyaltyCallOperation } from "@/server/portal/metrics/count-loyalty-calls";
import { Scrape } from "../support/prometheus-text";

const base = "http://localhost:3000/api";
const member = "3081000000000001";

describe("the portal's calls to the loyalty service, counted by operation", () => {
  it("names each operation the portal calls by the service's own names, never by a member or a query", () => {
    expect(loyaltyCallOperation("GET", `${base}/v2/programmes/NORTHSTAR/accounts/${member}?api_key=k`)).toBe(
      "retrieve-account",
    );
    expect(loyaltyCallOperation("GET", `${base}/v1/programmes/NORTHSTAR/accounts/transactions?start-record=1`)).toBe(
      "retrieve-transactions",
    );
    expect(loyaltyCallOperation("GET", `${base}/v1/programmes/MERIDIAN/accounts/${member}/transactions`)).toBe(
      "retrieve-transactions",
    );
    expect(loyaltyCallOperation("GET", `${base}/v1/programmes`)).toBe("retrieve-programme");
    expect(loyaltyCallOperation("GET", `${base}/v1/programmes/NORTHSTAR`)).toBe("retrieve-programme");
    expect(
      loyaltyCallOperation("POST", `${base}/v1/programmes/NORTHSTAR/accounts/${member}/debit-transaction-requests`),
    ).toBe("debit-currency");
    expect(
      loyaltyCallOperation("POST", `${base}/v1/programmes/NORTHSTAR/accounts/${member}/credit-transaction-requests`),
    ).toBe("credit-currency");
    expect(
      loyaltyCallOperation("POST", `${base}/v1/programmes/NORTHSTAR/accounts/${member}/reverse-transaction-requests`),
    ).toBe("reverse-transaction");
    expect(loyaltyCallOperation("GET", `${base}/v3/memberships/${member}`)).toBe("retrieve-membership");
    expect(loyaltyCallOperation("PATCH", `${base}/v3/memberships/${member}`)).toBe("update-membership");
    expect(loyaltyCallOperation("POST", `${base}/v2/memberships/${member}/registrations`)).toBe("register-account");
    expect(loyaltyCallOperation("POST", `${base}/v2/product-prices?api_key=k`)).toBe("retrieve-product-prices");
    expect(loyaltyCallOperation("GET", `${base}/v1/partner/requests`)).toBe("retrieve-request-log");
    expect(loyaltyCallOperation("POST", "http://localhost:3000/oauth/api/grant")).toBe("token-service");
    expect(loyaltyCallOperation("POST", "http://localhost:3000/partner-oauth/secure/key")).toBe("token-service");
    expect(loyaltyCallOperation("GET", "http://localhost:3000/oauth/jwks")).toBe("token-service");
    // A method the operation does not answer, or a path nobody serves, is "other": the label set stays bounded.
    expect(loyaltyCallOperation("DELETE", `${base}/v3/memberships/${member}`)).toBe("other");
    expect(loyaltyCallOperation("GET", `${base}/v9/${member}/anything`)).toBe("other");
    expect(loyaltyCallOperation("GET", "not a url")).toBe("other");
  });

  it("counts every call as it is sent, answered or not, and passes it on unchanged", async () => {
    const read = async (operation: string) => {
      const scrape = new Scrape((await collectMetrics()).text);
      return scrape.families.has("loyalty_platform_portal_loyalty_calls_total")
        ? scrape.value("loyalty_platform_portal_loyalty_calls_total", { operation })
        : 0;
    };
    const sent: string[] = [];
    const counted = countedLoyaltyFetch(async (input, init) => {
      sent.push(`${init?.method} ${String(input)}`);
      if (String(input).includes("fail")) throw new TypeError("fetch failed");
      return new Response("{}", { status: 200 });
    });
    const before = await read("retrieve-account");
    const pricesBefore = await read("retrieve-product-prices");
    await counted(`${base}/v2/programmes/NORTHSTAR/accounts/${member}`, { method: "GET" });
    await counted(`${base}/v2/programmes/NORTHSTAR/accounts/${member}`, { method: "GET" });
    await expect(counted(`${base}/v2/product-prices?fail=1`, { method: "POST" })).rejects.toThrow("fetch failed");
    expect(await read("retrieve-account")).toBe(before + 2);
    expect(await read("retrieve-product-prices")).toBe(pricesBefore + 1);
    expect(sent).toHaveLength(3);
    expect((await collectMetrics()).text).not.toContain(member);
  });
});
