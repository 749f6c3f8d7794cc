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
    ["app/(portal)/account/fixture.ts", "@/server/loyalty/http/render-error"],
    ["components/account/fixture.ts", "@/server/db/schema"],
    ["lib/loyalty-client/fixture.ts", "@/server/loyalty/oauth/access-tokens"],
    ["server/portal/auth/fixture.ts", "@/server/db/database"],
    ["server/portal/auth/fixture.ts", "@/server/payments/charges/charge-token"],
    ["server/loyalty/ledger/fixture.ts", "@/server/portal/auth/member-session"],
    ["server/loyalty/ledger/fixture.ts", "@/lib/loyalty-client/loyalty-client"],
    ["pages/api/[version]/fixture.ts", "@/server/portal/db/portal-database"],
    ["server/payments/charges/fixture.ts", "@/server/loyalty/ledger/debit-account"],
    ["app/payments-sandbox/v1/fixture/route.ts", "@/server/portal/db/portal-database"],
    ["app/payments-sandbox/v1/fixture/route.ts", "@/components/checkout/card-form"],
    ["server/payments/charges/fixture.ts", "@/lib/loyalty-client/loyalty-client"],
    ["lib/payments-client/fixture.ts", "@/server/payments/charges/charge-token"],
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

describe("the layers (npm run lint)", () => {
  // Fixtures import files that exist: the rule compares resolved paths, so an alias, a relative path and a type
  // import are refused alike.
  it.each([
    ["components/orders/fixture.ts", "@/server/portal/checkout/place-order"],
    ["components/orders/fixture.ts", "../../server/portal/auth/member-session"],
    ["components/staff/fixture.tsx", "@/server/portal/staff/staff-action"],
    ["server/portal/staff/fixture.ts", "@/components/staff/staff-sign-in-form"],
    ["server/portal/profile/fixture.ts", "../../../components/profile/profile-form"],
    ["lib/portal/profile/fixture.ts", "@/components/forms/select-field"],
    ["lib/docs/errors/fixture.ts", "@/server/loyalty/http/render-error"],
    ["lib/loyalty-client/fixture.ts", "@/server/config/env"],
  ])("refuses %s importing %s", async (filePath, specifier) => {
    expect(await ruleIdsFor(filePath, importing(specifier))).toContain("import/no-restricted-paths");
  });

  it("refuses a type-only import across a layer too", async () => {
    const source = `import type { OrderView } from "@/server/portal/checkout/order-view";\nexport type V = OrderView;\n`;
    expect(await ruleIdsFor("components/orders/fixture.ts", source)).toContain("import/no-restricted-paths");
  });

  it.each([
    [
      "an import()",
      "components/orders/fixture.ts",
      `export const load = () => import("@/server/portal/checkout/place-order");\n`,
    ],
    [
      "a re-export",
      "components/orders/fixture.ts",
      `export { placeOrder } from "@/server/portal/checkout/place-order";\n`,
    ],
    ["a side-effect import", "lib/checkout/fixture.ts", `import "@/server/config/env";\n`],
    [
      "an import() of a component",
      "server/portal/fixture.ts",
      `export const load = () => import("@/components/orders/orders-list");\n`,
    ],
    ["a type-only re-export", "lib/portal/fixture.ts", `export type { Database } from "@/server/db/connect";\n`],
  ])("refuses %s across a layer (%s)", async (_kind, filePath, source) => {
    expect(await ruleIdsFor(filePath, source)).toContain("import/no-restricted-paths");
  });

  it('refuses a type query (import("…").T) in the layers: the path rule cannot see it, so it is written as import type', async () => {
    const source = `export type V = import("@/server/portal/checkout/order-view").OrderView;\n`;
    expect(await ruleIdsFor("components/orders/fixture.ts", source)).toContain("no-restricted-syntax");
    expect(await ruleIdsFor("lib/checkout/fixture.ts", source)).toContain("no-restricted-syntax");
  });

  it.each([
    ["components/orders/fixture.ts", "@/lib/checkout/order-states"],
    ["components/profile/fixture.ts", "@/lib/portal/profile/profile-plan"],
    ["server/portal/staff/fixture.ts", "@/lib/portal/profile/profile-plan"],
    ["server/portal/checkout/fixture.ts", "@/lib/checkout/checkout-contract"],
    ["lib/docs/errors/fixture.ts", "@/lib/contract/error-catalogue"],
    ["app/(portal)/orders/fixture.tsx", "@/components/orders/orders-list"],
    ["app/(portal)/orders/fixture.tsx", "@/server/portal/checkout/list-member-orders"],
  ])("lets %s import %s", async (filePath, specifier) => {
    expect(await ruleIdsFor(filePath, importing(specifier))).not.toContain("import/no-restricted-paths");
  });
});

describe("no import circles (npm run lint)", () => {
  // The rule follows the imports of the files on disk, so the fixture stands in for a real file and imports one
  // that imports it back.
  it("refuses a file importing one that imports it back", async () => {
    const source = `import { toProfileValues } from "@/lib/portal/profile/profile-plan";\nexport const y = toProfileValues;\n`;
    expect(await ruleIdsFor("lib/portal/profile/profile-fields.ts", source)).toContain("import/no-cycle");
  });

  it("refuses the circle the loyalty client had (agent operations importing the client back)", async () => {
    const source = `import { createLoyaltyClient } from "./loyalty-client";\nexport const y = createLoyaltyClient;\n`;
    expect(await ruleIdsFor("lib/loyalty-client/agent-operations.ts", source)).toContain("import/no-cycle");
  });

  it("lets a file import one that does not lead back to it", async () => {
    const source = `import { idOf } from "./id-map";\nexport const y = idOf;\n`;
    expect(await ruleIdsFor("server/loyalty/sandbox/seed-rules.ts", source)).not.toContain("import/no-cycle");
  });
});
