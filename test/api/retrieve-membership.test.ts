import { describe, expect, it } from "vitest";
import { membershipResource as membershipRoute } from "@/server/loyalty/operations/update-membership";
import { membershipResource as testMembershipRoute } from "@/server/loyalty/operations/update-membership";
import { membershipResponseSchema } from "@/lib/contract/retrieve-membership";
import { callRoute, withKey } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { issueMemberToken } from "../support/member-tokens";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const flat = { shape: "flat" } as const;

async function retrieve(
  membership: string,
  options: { token?: string | null; tokenOf?: string; version?: string; testPath?: boolean; method?: string } = {},
) {
  const version = options.version ?? "v3";
  const token =
    options.token === undefined ? await issueMemberToken(database.db(), options.tokenOf ?? membership) : options.token;
  return callRoute(options.testPath ? testMembershipRoute : membershipRoute, {
    method: options.method ?? "GET",
    url: withKey(`/api/${options.testPath ? "test/" : ""}${version}/memberships/${membership}`),
    params: { version, membershipIdentifier: membership },
    headers: token === null ? {} : { Authorization: `Bearer ${token}` },
  });
}

describe("retrieve membership (read model extension)", () => {
  it("returns the member's profile as stored, and which add-only details can still be set", async () => {
    const answer = await retrieve("3081000000000001");
    expect(answer.status, answer.text).toBe(200);
    const body = membershipResponseSchema.parse(answer.json);
    expect(body).toEqual({
      membershipIdentifier: "3081000000000001",
      member: {
        person: {
          name: { firstName: "Alex", familyName: "Example" },
          dateOfBirth: "1980-05-17",
          countryOfResidence: "GB",
          telecomAddresses: [],
        },
        marketingPreference: [],
        contactPreference: [],
      },
      programmes: [{ identifier: "NORTHSTAR", name: "Northstar Club" }],
      canAdd: { title: true, dateOfBirth: false, countryOfResidence: false },
      _links: { self: { href: `http://localhost:3000${withKey("/api/v3/memberships/3081000000000001")}` } },
    });
  });

  it("shows a title and date of birth as no longer addable once set", async () => {
    const body = membershipResponseSchema.parse((await retrieve("3081000000000002")).json);
    expect(body.member.person.name.title).toBe("MS");
    expect(body.canAdd).toEqual({ title: false, dateOfBirth: false, countryOfResidence: false });
  });

  it("shows what a member without date of birth can still add", async () => {
    // Member 3 holds neither title nor date of birth (member 5's date of birth is now on file).
    const body = membershipResponseSchema.parse((await retrieve("3081000000000003")).json);
    expect(body.canAdd).toEqual({ title: true, dateOfBirth: true, countryOfResidence: false });
  });

  it("lists a further programme's member in their own programme", async () => {
    const body = membershipResponseSchema.parse((await retrieve("3081000000000009")).json);
    expect(body.programmes.map((programme) => programme.identifier)).toEqual(["MERIDIAN"]);
  });

  it("works on the /test/ path", async () => {
    const answer = await retrieve("3081000000000001", { testPath: true });
    expect(answer.status).toBe(200);
    expect(membershipResponseSchema.parse(answer.json).membershipIdentifier).toBe("3081000000000001");
  });

  it("refuses another member's token with 401 and shows nothing of the membership", async () => {
    const answer = await retrieve("3081000000000001", { tokenOf: "3081000000000002" });
    expectServiceError(answer, { status: 401, code: "REQUEST_UNAUTHORIZED", childCode: "UNAUTHORIZED", ...flat });
    expect(answer.text).not.toContain("1980-05-17");
    expect(answer.text).not.toContain("Example");
  });

  it("requires a member token", async () => {
    expectServiceError(await retrieve("3081000000000001", { token: null }), {
      status: 401,
      code: "REQUEST_UNAUTHORIZED",
      childCode: "TOKEN_INVALID",
      ...flat,
    });
  });

  it("refuses a malformed membership identifier", async () => {
    const token = await issueMemberToken(database.db(), "3081000000000001");
    expectServiceError(await retrieve("3081-0000", { token }), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DATA_INVALID",
      path: "membershipIdentifier",
      ...flat,
    });
  });

  it("answers on v3 only", async () => {
    expectServiceError(await retrieve("3081000000000001", { version: "v1" }), {
      status: 404,
      code: "REQUEST_INVALID",
      childCode: "VERSION_NOT_SUPPORTED",
      ...flat,
    });
  });

  it("answers 405 to DELETE, naming GET and PATCH", async () => {
    const answer = await retrieve("3081000000000001", { method: "DELETE" });
    expectServiceError(answer, {
      status: 405,
      code: "REQUEST_INVALID",
      childCode: "HTTP_METHOD_NOT_SUPPORTED",
      ...flat,
    });
    expect(answer.headers.get("allow")).toBe("GET, PATCH");
  });
});
