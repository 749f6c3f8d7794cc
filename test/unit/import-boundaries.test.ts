import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

/** The rule ids ESLint reports for `source` as if it were the file at `filePath`. */
async function ruleIdsFor(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? "fatal");
}

const importing = (specifier: string) => `import { x } from "${specifier}";\nexport const y = x;\n`;

describe("the boundary between the parties (npm run lint)", () => {
  it.each([
    ["server/portal/checkout/fixture.ts", "@/server/loyalty/ledger/debit-account"],
    ["app/(portal)/account/fixture.ts", "../../../server/loyalty/members/find-member"],
    ["app/(portal)/account/fixture.ts", "@/lib/contract/error-catalogue"],
    ["components/account/fixture.ts", "@/server/db/schema"],
    ["lib/loyalty-client/fixture.ts", "@/server/loyalty/oauth/access-tokens"],
    ["server/portal/auth/fixture.ts", "@/server/db/database"],
    ["server/portal/auth/fixture.ts", "@/server/payments/charges/charge-card"],
    ["server/loyalty/ledger/fixture.ts", "@/server/portal/auth/member-session"],
    ["server/loyalty/ledger/fixture.ts", "@/lib/loyalty-client/loyalty-client"],
    ["app/api/[version]/fixture/route.ts", "@/server/portal/db/portal-database"],
    ["server/payments/charges/fixture.ts", "@/server/loyalty/ledger/debit-account"],
    ["app/payments-sandbox/v1/fixture/route.ts", "@/server/portal/db/portal-database"],
    ["app/payments-sandbox/v1/fixture/route.ts", "@/components/checkout/card-form"],
    ["server/payments/charges/fixture.ts", "@/lib/loyalty-client/loyalty-client"],
    ["lib/payments-client/fixture.ts", "@/server/payments/charges/charge-card"],
    ["components/checkout/fixture.ts", "@/server/payments/cards/test-cards"],
    ["app/docs/requests/fixture.ts", "@/server/loyalty/request-log/find-request-log"],
    ["app/docs/requests/fixture.ts", "@/server/db/database"],
  ])("refuses %s importing %s", async (filePath, specifier) => {
    expect(await ruleIdsFor(filePath, importing(specifier))).toContain("no-restricted-imports");
  });

  it.each([
    ["server/portal/checkout/fixture.ts", "@/lib/loyalty-client/loyalty-client"],
    ["server/portal/checkout/fixture.ts", "@/server/portal/db/portal-database"],
    ["server/portal/checkout/fixture.ts", "@/lib/contract/debit-currency"],
    ["server/loyalty/ledger/fixture.ts", "@/server/db/schema"],
    ["app/payments-sandbox/v1/fixture/route.ts", "@/lib/payments-client/contract"],
    ["server/payments/charges/fixture.ts", "@/server/db/shared-connection"],
    ["components/checkout/fixture.ts", "@/lib/payments-client/tokenise-card"],
    ["app/docs/requests/fixture.ts", "@/server/portal/request-log/load-request-log"],
  ])("lets %s import %s", async (filePath, specifier) => {
    expect(await ruleIdsFor(filePath, importing(specifier))).not.toContain("no-restricted-imports");
  });
});
