import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { membershipResource as membershipRoute } from "@/server/loyalty/operations/update-membership";
import { retrieveAccount as accountRoute } from "@/server/loyalty/operations/retrieve-account";
import { retrieveAccountTransactions as accountTransactionsRoute } from "@/server/loyalty/operations/retrieve-transactions";
import * as grantRoute from "@/app/oauth/api/grant/route";
import sandbox from "@/sandbox.json";
import type { Database } from "@/server/db/connect";
import { accounts } from "@/server/loyalty/ledger/ledger-tables";
import { members, membershipProgrammes } from "@/server/loyalty/members/member-tables";
import { oauthClients } from "@/server/loyalty/oauth/client-tables";
import { apiKeys, partners } from "@/server/loyalty/partners/partner-tables";
import { partnerProgrammes, programmes } from "@/server/loyalty/programmes/programme-tables";
import { hashApiKey } from "@/server/loyalty/partners/find-partner-by-api-key";
import { hashSecret } from "@/server/security/password-hash";
import { callRoute, demoApiKey, withKey, type RouteAnswer } from "./call-route";

const demoClient = sandbox.partners[0]!.oauthClient!;

export interface ClientCredentials {
  clientId: string;
  secret: string;
}

export const demoCredentials: ClientCredentials = { clientId: demoClient.clientId, secret: demoClient.password };

/** A second partner, registered with TRADEWIND only (a programme the Demo Partner lacks). */
export const otherPartner = {
  identifier: "OTHERPTNR09",
  apiKey: "SBX0OTHER0PARTNER0000009",
  credentials: { clientId: "OTHER-20009", secret: "other-client-secret" } satisfies ClientCredentials,
  programme: "TRADEWIND",
};

/** RFC 6749 §2.3.1 Basic credentials. */
function basic({ clientId, secret }: ClientCredentials): string {
  const encode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString("base64")}`;
}

/** A2 client_credentials, through the real grant service; returns the access token. */
export async function clientToken(scope: string, credentials: ClientCredentials = demoCredentials): Promise<string> {
  const answer = await callRoute(grantRoute, {
    method: "POST",
    url: "/oauth/api/grant",
    headers: { authorization: basic(credentials), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "client_credentials", scope }).toString(),
  });
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as { access_token: string }).access_token;
}

/** The claims of a JWT, unverified (the test only reads what was issued). */
export function tokenClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as Record<string, unknown>;
}

async function programmeId(db: Database, identifier: string): Promise<number> {
  const [row] = await db.select({ id: programmes.id }).from(programmes).where(eq(programmes.identifier, identifier));
  if (!row) throw new Error(`no programme ${identifier}`);
  return row.id;
}

/** Adds the second partner: its key, its programme and its A2 client. Returns its database id. */
export async function addOtherPartner(db: Database): Promise<number> {
  const [partner] = await db
    .insert(partners)
    .values({ partnerIdentifier: otherPartner.identifier, name: "Other Partner", status: "ACTIVE" })
    .returning({ id: partners.id });
  if (!partner) throw new Error("partner not inserted");
  await db.insert(apiKeys).values({
    partnerId: partner.id,
    environment: "staging",
    keyHash: hashApiKey(otherPartner.apiKey),
    keyPrefix: otherPartner.apiKey.slice(0, 8),
  });
  await db
    .insert(partnerProgrammes)
    .values({ partnerId: partner.id, programmeId: await programmeId(db, otherPartner.programme) });
  await db.insert(oauthClients).values({
    partnerId: partner.id,
    clientId: otherPartner.credentials.clientId,
    secretHash: await hashSecret(otherPartner.credentials.secret),
    kind: "member_login",
  });
  return partner.id;
}

/** Adds an ACTIVE member of a programme, with an empty account. */
export async function addMember(db: Database, membershipNumber: string, programme: string): Promise<void> {
  const id = await programmeId(db, programme);
  const [member] = await db
    .insert(members)
    .values({ membershipNumber, familyName: "ELSEWHERE", joinDate: "2020-01-01" })
    .returning({ id: members.id });
  if (!member) throw new Error("member not inserted");
  await db.insert(membershipProgrammes).values({ memberId: member.id, programmeId: id });
  await db
    .insert(accounts)
    .values({ memberId: member.id, programmeId: id, accountType: "INDIVIDUAL", status: "ACTIVE" });
}

export interface AgentCall {
  /** A client (or member) token; null sends no Authorization. */
  token: string | null;
  /** X-Agent-Id; null sends none. */
  agentId?: string | null;
  apiKey?: string;
  headers?: Record<string, string>;
}

/** Authorization and X-Agent-Id (default `agent7`) as a call asks. */
export function agentHeaders(call: AgentCall): Record<string, string> {
  const agentId = call.agentId === undefined ? "agent7" : call.agentId;
  return {
    ...(call.token === null ? {} : { Authorization: `Bearer ${call.token}` }),
    ...(agentId === null ? {} : { "X-Agent-Id": agentId }),
    ...call.headers,
  };
}

/** P2 `GET /v2/programmes/{programme}/accounts/{account}`. */
export function getAccount(programme: string, account: string, call: AgentCall): Promise<RouteAnswer> {
  return callRoute(accountRoute, {
    url: withKey(`/api/v2/programmes/${programme}/accounts/${account}`, call.apiKey ?? demoApiKey),
    params: { version: "v2", programmeIdentifier: programme, accountIdentifier: account },
    headers: agentHeaders(call),
  });
}

/** P3 `GET /v1/programmes/{programme}/accounts/{account}/transactions`, with the registered application name. */
export function getTransactions(programme: string, account: string, call: AgentCall): Promise<RouteAnswer> {
  return callRoute(accountTransactionsRoute, {
    url: withKey(`/api/v1/programmes/${programme}/accounts/${account}/transactions`, call.apiKey ?? demoApiKey),
    params: { version: "v1", programmeIdentifier: programme, accountIdentifier: account },
    headers: { svc_client_applicationName: sandbox.svcClientApplicationName, ...agentHeaders(call) },
  });
}

/** The membership read model `GET /v3/memberships/{membership}`. */
export function getMembership(membership: string, call: AgentCall): Promise<RouteAnswer> {
  return callRoute(membershipRoute, {
    url: withKey(`/api/v3/memberships/${membership}`, call.apiKey ?? demoApiKey),
    params: { version: "v3", membershipIdentifier: membership },
    headers: agentHeaders(call),
  });
}

/** P8 `PATCH /v3/memberships/{membership}`. */
export function patchMembership(membership: string, body: unknown, call: AgentCall): Promise<RouteAnswer> {
  return callRoute(membershipRoute, {
    method: "PATCH",
    url: withKey(`/api/v3/memberships/${membership}`, call.apiKey ?? demoApiKey),
    params: { version: "v3", membershipIdentifier: membership },
    headers: { "Content-Type": "application/json", ...agentHeaders(call) },
    body: JSON.stringify(body),
  });
}
