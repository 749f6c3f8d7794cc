import sandbox from "@/sandbox.json";
import type { SandboxMember } from "@/server/loyalty/sandbox/sandbox-file";
import type { RunningApp } from "@/test/support/start-app";
import type { RequestVariant } from "./autocannon-run";
import { memberAccessToken } from "./member-token";
import { benchProgramme, benchScenarios, type BenchMember } from "./scenarios";

/** What `npm run bench` and `npm run bench:stages` drive: the sandbox's first partner and its members. */
export const apiKey = sandbox.partners[0]!.apiKeys.staging;
/** Gives a member enough points for the run through P4, as a partner would. */
export async function creditForRun(origin: string, membershipNumber: string, familyName: string): Promise<void> {
  const response = await fetch(
    `${origin}/api/v1/programmes/${benchProgramme}/accounts/${membershipNumber}/credit-transaction-requests?api_key=${apiKey}`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        monetaryAmount: { amount: "999999", currency: { currencyCode: "POINTS" } },
        externalTransactionIdentifier: `BENCHFUND${membershipNumber}${Date.now()}`,
        externalTransactionDate: new Date().toISOString(),
        externalSource: "DEMOSHOP",
        type: "COLLECTION",
        person: { name: { familyName } },
      }),
    },
  );
  if (response.status !== 201)
    throw new Error(`crediting ${membershipNumber} failed: ${response.status} ${await response.text()}`);
}

export interface Target {
  label: string;
  origin: string;
  variants: RequestVariant[];
}

/** The scenarios against one app (those `only` keeps), once its bench members are funded and logged in. */
export async function appTargets(
  label: string,
  app: RunningApp,
  benchMembers: readonly SandboxMember[],
  only: (scenario: (typeof benchScenarios)[number]) => boolean = () => true,
): Promise<Target[]> {
  const members: BenchMember[] = [];
  // A few members at a time: each login runs argon2, which the app spreads over its thread pool.
  for (let start = 0; start < benchMembers.length; start += 4) {
    members.push(
      ...(await Promise.all(
        benchMembers.slice(start, start + 4).map(async (member) => {
          await creditForRun(app.origin, member.membershipNumber, member.familyName);
          return {
            membershipNumber: member.membershipNumber,
            token: await memberAccessToken(app.origin, member.username!),
          };
        }),
      )),
    );
  }
  return benchScenarios.filter(only).map((scenario) => ({
    label: `${scenario.name} · ${label}`,
    origin: app.origin,
    variants: scenario.variants({ apiKey, members }),
  }));
}
