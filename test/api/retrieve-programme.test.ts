import { describe, expect, it } from "vitest";
import { retrieveProgrammeList as listRoute } from "@/server/loyalty/operations/retrieve-programme";
import { retrieveProgrammeByIdentifier as singleRoute } from "@/server/loyalty/operations/retrieve-programme";
import { retrieveProgrammeList as testListRoute } from "@/server/loyalty/operations/retrieve-programme";
import { retrieveProgrammeByIdentifier as testSingleRoute } from "@/server/loyalty/operations/retrieve-programme";
import { programmeListResponseSchema, programmeResponseSchema } from "@/lib/contract/retrieve-programme";
import sandbox from "@/sandbox.json";
import { callRoute, origin, withKey } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();

function list(query = "", options: { version?: string; headers?: Record<string, string>; method?: string } = {}) {
  const version = options.version ?? "v1";
  return callRoute(listRoute, {
    url: withKey(`/api/${version}/programmes${query}`),
    params: { version },
    headers: options.headers,
    method: options.method,
  });
}

function single(
  identifier: string,
  options: { version?: string; headers?: Record<string, string>; method?: string } = {},
) {
  const version = options.version ?? "v1";
  return callRoute(singleRoute, {
    url: withKey(`/api/${version}/programmes/${encodeURIComponent(identifier)}`),
    params: { version, programmeIdentifier: identifier },
    headers: options.headers,
    method: options.method,
  });
}

function identifiersOf(json: unknown): (string | undefined)[] {
  return programmeListResponseSchema.parse(json).programmes.map((programme) => programme.identifier);
}

describe("P1 retrieve programme: all programmes", () => {
  it("lists the six sandbox programmes in order, with size and a self link equal to the request URL", async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    const body = programmeListResponseSchema.strict().parse(answer.json);
    expect(body.size).toBe(6);
    expect(body.programmes.map((programme) => programme.identifier)).toEqual(
      sandbox.programmes.map((p) => p.identifier),
    );
    expect(body._links.self.href).toBe(`${origin}${withKey("/api/v1/programmes")}`);
  });

  it("gives each programme its name and partner organisation, and no programmePartner where it has none", async () => {
    const body = programmeListResponseSchema.parse((await list()).json);
    for (const expected of sandbox.programmes) {
      const programme = body.programmes.find((candidate) => candidate.identifier === expected.identifier);
      expect(programme?.name).toBe(expected.name);
      if (expected.partner) {
        expect(programme?.programmePartner).toEqual({
          organisation: {
            identifier: expected.partner.identifier,
            organisationName: expected.partner.organisationName,
          },
        });
      } else {
        expect(programme).not.toHaveProperty("programmePartner");
      }
    }
  });

  it("answers the same under the /test/ prefix, with that URL as self link", async () => {
    const answer = await callRoute(testListRoute, {
      url: withKey("/api/test/v1/programmes"),
      params: { version: "v1" },
    });
    expect(answer.status).toBe(200);
    const body = programmeListResponseSchema.parse(answer.json);
    expect(body.size).toBe(6);
    expect(body._links.self.href).toBe(`${origin}${withKey("/api/test/v1/programmes")}`);
  });

  it("is served to a partner without programmes and with the live key too", async () => {
    for (const apiKey of [sandbox.partners[2]!.apiKeys.staging, sandbox.partners[0]!.apiKeys.live!]) {
      const answer = await callRoute(listRoute, {
        url: withKey("/api/v1/programmes", apiKey),
        params: { version: "v1" },
      });
      expect(answer.status).toBe(200);
    }
  });
});

describe("P1 retrieve programme: by programme identifier", () => {
  it("returns the single form: name, programmePartner and self link, no identifier or size", async () => {
    const answer = await single("NORTHSTAR");
    expect(answer.status).toBe(200);
    const body = programmeResponseSchema.strict().parse(answer.json);
    expect(body).toEqual({
      name: "Northstar Club",
      programmePartner: { organisation: { identifier: "NSTARAIR", organisationName: "Northstar Airways" } },
      _links: { self: { href: `${origin}${withKey("/api/v1/programmes/NORTHSTAR")}` } },
    });
  });

  it("omits programmePartner for a programme without partner", async () => {
    const answer = await single("ZEPHYR");
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      name: "Zephyr Miles",
      _links: { self: { href: `${origin}${withKey("/api/v1/programmes/ZEPHYR")}` } },
    });
  });

  it("matches the identifier without regard to case", async () => {
    const answer = await single("meridian");
    expect(programmeResponseSchema.parse(answer.json).name).toBe("Meridian Plus");
  });

  it("answers under the /test/ prefix", async () => {
    const answer = await callRoute(testSingleRoute, {
      url: withKey("/api/test/v1/programmes/HORIZON"),
      params: { version: "v1", programmeIdentifier: "HORIZON" },
    });
    expect(programmeResponseSchema.parse(answer.json).name).toBe("Horizon Club");
  });

  it("E4 PROGRAMME_NOT_FOUND: an identifier longer than 20 letters", async () => {
    expectServiceError(await single("A".repeat(21)), {
      status: 400,
      code: "PROGRAMME_NOT_FOUND",
      childCode: "PROGRAMME_NOT_FOUND",
      path: "programmeIdentifier",
      shape: "flat",
    });
  });

  it("E4 PROGRAMME_NOT_FOUND: a well-formed identifier no programme has", async () => {
    expectServiceError(await single("NOSUCHPROGRAMME"), {
      status: 400,
      code: "PROGRAMME_NOT_FOUND",
      childCode: "PROGRAMME_NOT_FOUND",
      shape: "flat",
    });
  });

  it.each(["NORTH1STAR", "NORTH-STAR", "NORTH STAR", "ÑORTH", "12"])(
    "E4 DATA_INVALID: identifier %j contains digits or special characters",
    async (identifier) => {
      expectServiceError(await single(identifier), {
        status: 400,
        code: "REQUEST_INVALID",
        childCode: "DATA_INVALID",
        path: "programmeIdentifier",
        shape: "flat",
      });
    },
  );

  it('E4 METHOD_NOT_SUPPORTED: any method but GET (OPTIONS too: docs/decisions.md, "Partner API routes")', async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      const answer = await single("NORTHSTAR", { method });
      expectServiceError(answer, {
        status: 400,
        code: "REQUEST_INVALID",
        childCode: "METHOD_NOT_SUPPORTED",
        shape: "flat",
      });
      expect(answer.headers.get("allow")).toBe("GET");
    }
  });
});

describe("P1 retrieve programme: by country", () => {
  it("lists the programmes of a country", async () => {
    const answer = await list("?location-identifier=ES");
    expect(answer.status).toBe(200);
    expect(identifiersOf(answer.json)).toEqual(["NORTHSTAR", "MERIDIAN", "TRADEWIND"]);
    expect(programmeListResponseSchema.parse(answer.json).size).toBe(3);
  });

  it("accepts a lower-case code", async () => {
    expect(identifiersOf((await list("?location-identifier=ie")).json)).toEqual(["NORTHSTAR", "HORIZON"]);
  });

  it("answers one empty item and size 0 for a country without programmes", async () => {
    const answer = await list("?location-identifier=XX");
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      size: 0,
      programmes: [{}],
      _links: { self: { href: `${origin}${withKey("/api/v1/programmes?location-identifier=XX")}` } },
    });
  });

  it.each(["GBR", "G", "G1", "", "%20GB"])("E4 DATA_INVALID: location-identifier %j", async (value) => {
    expectServiceError(await list(`?location-identifier=${value}`), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DATA_INVALID",
      path: "locationIdentifier",
      shape: "flat",
    });
  });

  it("E4 DATA_INVALID: location-identifier sent twice", async () => {
    expectServiceError(await list("?location-identifier=GB&location-identifier=ES"), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DATA_INVALID",
      shape: "flat",
    });
  });
});

describe("P1 retrieve programme: by membership", () => {
  it("lists the programmes linked to a membership", async () => {
    expect(identifiersOf((await list("?membership-identifier=3081000000000001")).json)).toEqual(["NORTHSTAR"]);
    expect(identifiersOf((await list("?membership-identifier=3081000000000009")).json)).toEqual(["MERIDIAN"]);
  });

  it("answers one empty item for a membership no programme is linked to", async () => {
    const answer = await list("?membership-identifier=3081999999999999");
    expect(answer.status).toBe(200);
    expect(programmeListResponseSchema.parse(answer.json)).toMatchObject({ size: 0, programmes: [{}] });
  });

  it.each(["3".repeat(25), "30810000000000AB", "3081-00000000001", "-3081000000000001"])(
    "E4 MEMBERSHIP_IDENTIFIER_INVALID: %j is longer than 24 or not numeric",
    async (value) => {
      expectServiceError(await list(`?membership-identifier=${value}`), {
        status: 400,
        code: "REQUEST_INVALID",
        childCode: "MEMBERSHIP_IDENTIFIER_INVALID",
        path: "membershipIdentifier",
        shape: "flat",
      });
    },
  );

  it("E4 DATA_INVALID: a numeric membership identifier shorter than 16 digits", async () => {
    expectServiceError(await list("?membership-identifier=308100000000001"), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DATA_INVALID",
      path: "membershipIdentifier",
      shape: "flat",
    });
  });

  it("E4 MEMBERSHIP_IDENTIFIER_INVALID: a valid location identifier combined with a membership identifier", async () => {
    expectServiceError(await list("?location-identifier=GB&membership-identifier=3081000000000001"), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "MEMBERSHIP_IDENTIFIER_INVALID",
      path: "membershipIdentifier",
      shape: "flat",
    });
  });

  it("E4 MEMBERSHIP_IDENTIFIER_INVALID: the membership number of a fraud account", async () => {
    expectServiceError(await list("?membership-identifier=3081000000000007"), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "MEMBERSHIP_IDENTIFIER_INVALID",
      shape: "flat",
    });
  });

  it("E4 METHOD_NOT_SUPPORTED on the list path", async () => {
    expectServiceError(await list("", { method: "DELETE" }), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "METHOD_NOT_SUPPORTED",
      shape: "flat",
    });
  });
});

describe("P1 retrieve programme: headers", () => {
  it("accepts X-Forwarded-For with IPv4 and IPv6 addresses, comma separated", async () => {
    for (const value of ["203.0.113.7", "203.0.113.7,10.0.0.1", "203.0.113.7, 10.0.0.1", "2001:db8::1, 10.0.0.1"]) {
      expect((await list("", { headers: { "X-Forwarded-For": value } })).status).toBe(200);
    }
  });

  it.each([
    "203.0.113.7 10.0.0.1",
    "203.0.113.7,  10.0.0.1",
    "not-an-ip",
    "203.0.113.7,",
    "203.0.113.7:8080",
    "999.1.1.1",
  ])("E4 DATA_INVALID: X-Forwarded-For %j (spaces or not an address)", async (value) => {
    expectServiceError(await list("", { headers: { "X-Forwarded-For": value } }), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DATA_INVALID",
      shape: "flat",
    });
  });

  it("E4 DATA_INVALID: X-Agent-Id with a space", async () => {
    expectServiceError(await single("NORTHSTAR", { headers: { "X-Agent-Id": "agent 7" } }), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DATA_INVALID",
      shape: "flat",
    });
    expect((await single("NORTHSTAR", { headers: { "X-Agent-Id": "agent7" } })).status).toBe(200);
  });

  it("accepts application/json in any case, wildcards and parameters in Accept", async () => {
    for (const accept of [
      "application/json",
      "application/JSON",
      "*/*",
      "application/*",
      "text/html, application/json;q=0.5",
    ]) {
      expect((await list("", { headers: { Accept: accept } })).status, accept).toBe(200);
    }
  });

  it("refuses an Accept header that excludes JSON with 406", async () => {
    for (const accept of ["text/html", "application/xml", "application/json;q=0"]) {
      expectServiceError(await list("", { headers: { Accept: accept } }), {
        status: 406,
        code: "REQUEST_INVALID",
        childCode: "HEADER_INVALID",
        shape: "flat",
      });
    }
  });
});
