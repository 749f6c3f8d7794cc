import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { retrieveProgrammeList as listRoute } from "@/server/loyalty/operations/retrieve-programme";
import { retrieveProgrammeByIdentifier as singleRoute } from "@/server/loyalty/operations/retrieve-programme";
import { errorBodySchema, wrappedErrorBodySchema } from "@/lib/contract/error-body";
import { programmeListResponseSchema, programmeResponseSchema } from "@/lib/contract/retrieve-programme";
import { callRoute, demoApiKey, inactiveApiKey } from "../support/call-route";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();

const gatewayCodes = new Set([
  "DEVELOPER_NOT_AUTHORIZED",
  "DEVELOPER_INACTIVE",
  "SYSTEM_UNAVAILABLE",
  "RESOURCE_NOT_FOUND",
]);
const printable = fc.string({ unit: "grapheme-ascii", maxLength: 40 });
const anyText = fc.string({ unit: "grapheme", maxLength: 40 });

const apiKey = fc.oneof(
  fc.constant(demoApiKey),
  fc.constant(inactiveApiKey),
  fc.stringMatching(/^[A-Za-z0-9]{24}$/),
  anyText,
  fc.constant(undefined),
);

const queryPair = fc.tuple(
  fc.oneof(fc.constantFrom("location-identifier", "membership-identifier", "api_key", "fields"), anyText),
  fc.oneof(
    fc.constantFrom("GB", "es", "XX", "3081000000000001", "3081000000000007", "1".repeat(25), ""),
    fc.stringMatching(/^\d{1,30}$/),
    anyText,
  ),
);

const headers = fc.record(
  {
    "X-Forwarded-For": fc.oneof(printable, fc.constantFrom("203.0.113.9", "2001:db8::1, 10.0.0.1")),
    "X-Agent-Id": printable,
    Accept: fc.oneof(printable, fc.constantFrom("application/json", "*/*", "text/html")),
  },
  { requiredKeys: [] },
);

const request = fc.record({
  single: fc.boolean(),
  identifier: fc.oneof(
    fc.constantFrom("NORTHSTAR", "zephyr", "A".repeat(21)),
    anyText.filter((s) => s.length > 0),
  ),
  version: fc.oneof(
    fc.constant("v1"),
    printable.filter((s) => s.length > 0),
  ),
  method: fc.constantFrom("GET", "GET", "GET", "POST", "PUT", "PATCH", "DELETE"),
  apiKey,
  pairs: fc.array(queryPair, { maxLength: 4 }),
  headers,
});

/** A successful answer matches the contract; any other is the spec's Error resource in its shape. */
function assertWellFormed(status: number, json: unknown, single: boolean) {
  expect(status).toBeLessThan(500);
  if (status === 200) {
    (single ? programmeResponseSchema : programmeListResponseSchema).strict().parse(json);
    return;
  }
  const wrapped = wrappedErrorBodySchema.safeParse(json);
  if (wrapped.success) {
    expect(gatewayCodes.has(wrapped.data.error.code)).toBe(true);
  } else {
    const flat = errorBodySchema.parse(json);
    expect(gatewayCodes.has(flat.code)).toBe(false);
  }
}

describe("P1 under random input", () => {
  it("never answers 5xx and always answers JSON in the spec's shape", async () => {
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const query = new URLSearchParams();
        for (const [name, value] of input.pairs) query.append(name, value);
        if (input.apiKey !== undefined) query.append("api_key", input.apiKey);
        const path = input.single
          ? `/api/${encodeURIComponent(input.version)}/programmes/${encodeURIComponent(input.identifier)}`
          : `/api/${encodeURIComponent(input.version)}/programmes`;
        const answer = await callRoute(input.single ? singleRoute : listRoute, {
          method: input.method,
          url: `${path}?${query.toString()}`,
          params: input.single
            ? { version: input.version, programmeIdentifier: input.identifier }
            : { version: input.version },
          headers: input.headers,
        });
        expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
        assertWellFormed(answer.status, answer.json, input.single);
      }),
      { numRuns: 300 },
    );
  });
});
