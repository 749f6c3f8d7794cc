import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callsBetween,
  callsInWords,
  loyaltyCalls,
  mixedVariants,
  pageVariants,
  referenceVariants,
} from "@/bench/member-pages";

const members = [
  { membershipNumber: "3081000090000001", accessToken: "token-1", cookie: "next-auth.session-token=one" },
  { membershipNumber: "3081000090000002", accessToken: "token-2", cookie: "next-auth.session-token=two" },
];

describe("the member pages' bench: reading the portal's calls and building the loads", () => {
  let server: Server;
  let origin = "";
  let scrape = "";
  const authorisations: (string | undefined)[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      authorisations.push(request.headers.authorization);
      response.end(scrape);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reads the calls by operation from /metrics with the run's token, and what a run added", async () => {
    scrape = [
      "# HELP loyalty_platform_portal_loyalty_calls_total Calls the portal sent",
      "# TYPE loyalty_platform_portal_loyalty_calls_total counter",
      'loyalty_platform_portal_loyalty_calls_total{operation="retrieve-account"} 40',
      'loyalty_platform_portal_loyalty_calls_total{operation="retrieve-product-prices"} 9',
      'loyalty_platform_partner_operations_total{operation="retrieve-account",status="200",partner="X"} 77',
    ].join("\n");
    const before = await loyaltyCalls({ origin, metricsToken: "t0k3n" });
    expect(authorisations.at(-1)).toBe("Bearer t0k3n");
    expect(Object.fromEntries(before)).toEqual({ "retrieve-account": 40, "retrieve-product-prices": 9 });
    scrape = [
      'loyalty_platform_portal_loyalty_calls_total{operation="retrieve-account"} 60',
      'loyalty_platform_portal_loyalty_calls_total{operation="retrieve-product-prices"} 9',
      'loyalty_platform_portal_loyalty_calls_total{operation="retrieve-membership"} 20',
    ].join("\n");
    const made = callsBetween(before, await loyaltyCalls({ origin, metricsToken: "t0k3n" }));
    // Operations that did not move are left out; one new since the first reading counts from zero.
    expect(Object.fromEntries(made)).toEqual({ "retrieve-account": 20, "retrieve-membership": 20 });
    expect(callsInWords(new Map([...made].map(([operation, calls]) => [operation, calls / 20])))).toBe(
      "P2 ×1, profile read ×1",
    );
    expect(callsInWords(new Map([["retrieve-product-prices", 0.0234]]))).toBe("P9 ×0.02");
    expect(callsInWords(new Map())).toBe("none");
  });

  it("signs each page's requests in as each member in turn, and the reference makes the page's calls", () => {
    expect(pageVariants("/shop", members)).toEqual([
      { method: "GET", path: "/shop", headers: { Cookie: "next-auth.session-token=one" } },
      { method: "GET", path: "/shop", headers: { Cookie: "next-auth.session-token=two" } },
    ]);
    const reference = referenceVariants(["retrieve-account", "retrieve-transactions"], members);
    expect(reference[1]).toEqual({
      method: "GET",
      path: "/member-page?calls=retrieve-account%2Cretrieve-transactions",
      headers: { "x-bench-member": "3081000090000002", "x-bench-token": "token-2" },
    });
    const mixed = mixedVariants(members);
    expect(mixed.map((variant) => variant.path)).toEqual([
      "/account",
      "/transactions",
      "/shop",
      "/shop/FLIGHT-LHR-MAD",
      "/account",
      "/transactions",
      "/shop",
      "/shop/FLIGHT-LHR-MAD",
    ]);
  });
});
