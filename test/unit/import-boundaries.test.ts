import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { folderOf, ownersIn, ownersOf, readParties, type Owner } from "../support/parties";

const eslint = new ESLint({ cwd: process.cwd() });
// The boundaries' own checks leave out the circle rule: it follows every import of the tree (1.6 s a fixture rather
// than 0.05 s), and has its own tests at the end of this file.
const boundaryEslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { "import/no-cycle": "off" } } });

interface Refusal {
  ruleId: string;
  message: string;
  line: number;
}

/** What ESLint reports for `source` as if it were the file at `filePath`. */
async function refusalsOf(filePath: string, source: string, linter = boundaryEslint): Promise<Refusal[]> {
  const [result] = await linter.lintText(source, { filePath });
  return (result?.messages ?? []).map((message) => ({
    ruleId: message.ruleId ?? "fatal",
    message: message.message,
    line: message.line,
  }));
}

const ruleIdsFor = async (filePath: string, source: string, linter = boundaryEslint) =>
  (await refusalsOf(filePath, source, linter)).map((refusal) => refusal.ruleId);

const importing = (specifier: string) => `import { x } from "${specifier}";\nexport const y = x;\n`;

const map = readParties();
const owner = (file: string): Owner => {
  const [only, ...others] = ownersOf(map, file);
  if (!only || others.length > 0) throw new Error(`${file} belongs to ${ownersOf(map, file).length} owners`);
  return only;
};
const [loyalty, portal, payments] = ["the loyalty service", "the partner portal", "the payments sandbox"].map((name) =>
  map.parties.find((party) => party.name === name)!,
) as [Owner, Owner, Owner];

/** The message of the zone that keeps `from`'s code out of `to`'s. */
const crossing = (from: Owner, to: Owner) => `Code of ${from.name} imports code of ${to.name}.`;
const partyRefusal = (refusals: readonly Refusal[], from: Owner, to: Owner) =>
  refusals.some(
    (refusal) => refusal.ruleId === "import/no-restricted-paths" && refusal.message.includes(crossing(from, to)),
  );
/** A refusal by a layer's zone, not a party's. */
const layerRefusal = (refusals: readonly Refusal[]) =>
  refusals.some((refusal) => refusal.ruleId === "import/no-restricted-paths" && !refusal.message.includes("Code of "));

/** The file an import names, resolved as the tsconfig's `@/` alias and relative paths are, or undefined. */
function moduleFile(fixture: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/") ? specifier.slice(2) : path.join(path.dirname(fixture), specifier);
  const candidates = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"].map((ending) => `${base}${ending}`);
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

// Fixtures import real modules of each side, so the rule (which compares resolved paths) meets them as it would a
// real import: an alias, a relative path and a type import are refused alike.
const refusedAcrossParties: [fixture: string, specifier: string][] = [
  // The portal and the loyalty service.
  ["server/portal/checkout/fixture.ts", "@/server/loyalty/ledger/debit-account"],
  ["app/(portal)/account/fixture.ts", "../../../server/loyalty/members/find-member"],
  ["app/(portal)/account/fixture.ts", "@/server/loyalty/http/render-error"],
  ["components/account/fixture.ts", "@/server/db/schema"],
  ["lib/loyalty-client/fixture.ts", "@/server/loyalty/oauth/access-tokens"],
  ["server/portal/auth/fixture.ts", "@/server/loyalty/db/loyalty-database"],
  ["app/staff/fixture.tsx", "@/components/docs/code-block"],
  ["lib/portal/fixture.ts", "@/lib/docs/curl"],
  ["server/loyalty/ledger/fixture.ts", "@/server/portal/auth/member-session"],
  ["server/loyalty/ledger/fixture.ts", "@/lib/loyalty-client/loyalty-client"],
  ["pages/api/[version]/fixture.ts", "@/server/portal/db/portal-database"],
  ["app/developers/fixture.tsx", "@/components/portal/portal-nav"],
  ["app/docs/fixture.tsx", "@/lib/portal/demo-paths"],
  // A relative path from one party's components into another's, which a rule on the import's text did not see.
  ["components/docs/request-log/fixture.tsx", "../../portal/sign-out-button"],
  // The portal and the payments sandbox.
  ["server/portal/auth/fixture.ts", "@/server/payments/cards/tokenise-card"],
  ["lib/payments-client/fixture.ts", "@/server/payments/cards/tokenise-card"],
  ["components/checkout/fixture.ts", "@/server/payments/cards/test-cards"],
  ["app/payments-sandbox/v1/charges/fixture.ts", "@/server/portal/db/portal-database"],
  ["app/payments-sandbox/v1/charges/fixture.ts", "@/components/checkout/card-form"],
  ["server/payments/http/fixture.ts", "@/lib/payments-client/payments-client"],
  // The loyalty service and the payments sandbox.
  ["server/payments/charges/fixture.ts", "@/server/loyalty/ledger/debit-account"],
  ["server/payments/charges/fixture.ts", "@/lib/docs/curl"],
  ["server/loyalty/ledger/fixture.ts", "@/server/payments/cards/test-cards"],
  ["app/developers/fixture.tsx", "@/server/payments/cards/test-cards"],
  // The shared layer and each party.
  ["server/db/fixture.ts", "@/server/loyalty/sandbox/ensure-sandbox-seeded"],
  ["lib/contract/fixture.ts", "@/lib/docs/curl"],
  ["server/http/fixture.ts", "@/server/portal/auth/member-session"],
  ["components/forms/fixture.tsx", "@/components/portal/sign-out-button"],
  ["lib/i18n/fixture.ts", "@/lib/payments-client/tokenise-card"],
  ["server/config/fixture.ts", "@/server/payments/cards/test-cards"],
];

const allowedWithinAParty: [fixture: string, specifier: string][] = [
  ["server/portal/checkout/fixture.ts", "@/lib/loyalty-client/loyalty-client"],
  ["server/portal/checkout/fixture.ts", "@/server/portal/db/portal-database"],
  ["server/portal/checkout/fixture.ts", "@/lib/contract/debit-currency"],
  ["server/loyalty/ledger/fixture.ts", "@/server/db/schema"],
  ["app/payments-sandbox/v1/charges/fixture.ts", "@/lib/payments-contract/contract"],
  ["server/payments/cards/fixture.ts", "@/lib/payments-contract/card-rules"],
  ["server/payments/charges/fixture.ts", "@/server/db/shared-connection"],
  ["components/checkout/fixture.ts", "@/lib/payments-client/tokenise-card"],
  ["app/developers/requests/fixture.tsx", "@/server/loyalty/developers/console-request-log"],
  ["app/developers/fixture.tsx", "@/components/forms/submit-button"],
  ["app/docs/fixture.tsx", "@/components/docs/code-block"],
  ["components/docs/request-log/fixture.tsx", "@/lib/developers/request-log-view"],
  ["app/fixture.tsx", "@/components/portal/sandbox-banner"],
];

describe("the boundary between the parties (npm run lint)", () => {
  it("names, in every fixture, a folder and a module that exist, each where the table says", () => {
    for (const [fixture, specifier] of [...refusedAcrossParties, ...allowedWithinAParty]) {
      expect(existsSync(path.dirname(fixture)), fixture).toBe(true);
      expect(existsSync(fixture), `${fixture} must not be a real file`).toBe(false);
      expect(moduleFile(fixture, specifier), `${fixture} imports ${specifier}`).toBeDefined();
    }
    // And the check sees a module that is gone.
    expect(moduleFile("app/docs/fixture.tsx", "@/server/portal/request-log/load-request-log")).toBeUndefined();
  });

  it("crosses each boundary in both directions, and from the shared layer into each party", () => {
    const directions = new Set(
      refusedAcrossParties.map(([fixture, specifier]) => {
        const target = moduleFile(fixture, specifier)!;
        return `${owner(fixture).name} -> ${owner(target).name}`;
      }),
    );
    const expected = [
      ...map.parties.flatMap((from) =>
        map.parties.filter((to) => to !== from).map((to) => `${from.name} -> ${to.name}`),
      ),
      ...map.parties.map((to) => `${map.shared.name} -> ${to.name}`),
    ];
    expect([...directions].sort()).toEqual(expected.sort());
  });

  it.each(refusedAcrossParties)("refuses %s importing %s", async (fixture, specifier) => {
    const from = owner(fixture);
    const to = owner(moduleFile(fixture, specifier)!);
    expect(partyRefusal(await refusalsOf(fixture, importing(specifier)), from, to)).toBe(true);
  });

  it.each(allowedWithinAParty)("lets %s import %s", async (fixture, specifier) => {
    expect(await ruleIdsFor(fixture, importing(specifier))).not.toContain("import/no-restricted-paths");
  });

  // A real module of each party in each layer it has code in.
  const modules: Record<string, Partial<Record<"server" | "components" | "lib", string>>> = {
    [loyalty.name]: {
      server: "@/server/loyalty/ledger/debit-account",
      components: "@/components/docs/code-block",
      lib: "@/lib/docs/curl",
    },
    [portal.name]: {
      server: "@/server/portal/auth/member-session",
      components: "@/components/portal/sign-out-button",
      lib: "@/lib/loyalty-client/loyalty-client",
    },
    [payments.name]: { server: "@/server/payments/cards/test-cards" },
  };
  /** The layer a fixture's imports come from when they cross no layer: pages and routes import any. */
  const reachable = (fixture: string) => {
    const top = fixture.split("/")[0];
    return top === "components" || top === "lib" ? top : "server";
  };

  it("has, for each party, real modules of its own in the layers named", () => {
    for (const [name, byLayer] of Object.entries(modules))
      for (const [layer, specifier] of Object.entries(byLayer)) {
        const file = moduleFile("fixture.ts", specifier!);
        expect(file, specifier).toBeDefined();
        expect(file!.split("/")[0], specifier).toBe(layer);
        expect(owner(file!).name, specifier).toBe(name);
      }
  });

  // Every folder of parties.json, so a pattern that ESLint reads otherwise than the party test shows here. A folder
  // of lib/ or components/ meets the payments sandbox only across a layer (it has no code there): the layer rules
  // refuse that, and the layer tests below show it.
  const folders = ownersIn(map).flatMap((own) => own.folders.map((pattern) => [pattern, own] as const));
  it.each(folders.map(([pattern, own]) => [pattern, own.name, own] as const))(
    "refuses every other party's code in %s (%s), and lets it import the shared layer",
    async (pattern, _name, own) => {
      const fixture = `${folderOf(pattern)}/boundary-fixture.ts`;
      if (await boundaryEslint.isPathIgnored(fixture)) {
        // A folder the linter skips (generated migrations) must hold no code that could import anything.
        const files = readdirSync(folderOf(pattern), { recursive: true, encoding: "utf8" });
        expect(files.filter((file) => /\.(ts|tsx|mts|cts|js|mjs)$/.test(file))).toEqual([]);
        return;
      }
      const others = map.parties.filter((party) => party !== own);
      const imports = others.flatMap((party) => {
        const specifier = modules[party.name]![reachable(fixture)];
        return specifier ? [{ party, specifier }] : [];
      });
      expect(imports.length).toBeGreaterThanOrEqual(own === map.shared ? 2 : 1);
      const shared = reachable(fixture) === "components" ? "@/components/forms/submit-button" : "@/lib/contract/common";
      const source = [
        `import { shared } from "${shared}";`,
        ...imports.map(({ specifier }, index) => `import { x${index} } from "${specifier}";`),
        `export const y = [shared, ${imports.map((_, index) => `x${index}`).join(", ")}];`,
      ].join("\n");
      const refusals = await refusalsOf(fixture, source);
      expect(refusals.filter((refusal) => refusal.line === 1)).toEqual([]);
      imports.forEach(({ party }, index) => {
        const onLine = refusals.filter((refusal) => refusal.line === index + 2);
        expect(partyRefusal(onLine, own, party), `${fixture} importing ${party.name}'s code`).toBe(true);
      });
    },
  );
});

describe("the layers (npm run lint)", () => {
  // Fixtures import files that exist: the rule compares resolved paths, so an alias, a relative path and a type
  // import are refused alike. Each stays within one party, so only a layer's zone can refuse it.
  const refusedAcrossLayers: [fixture: string, specifier: string][] = [
    ["components/orders/fixture.ts", "@/server/portal/checkout/place-order"],
    ["components/orders/fixture.ts", "../../server/portal/auth/member-session"],
    ["components/staff/fixture.tsx", "@/server/portal/staff/read-member"],
    ["server/portal/staff/fixture.ts", "@/components/staff/staff-sign-in-form"],
    ["server/portal/profile/fixture.ts", "../../../components/profile/profile-form"],
    ["lib/portal/profile/fixture.ts", "@/components/forms/select-field"],
    ["lib/docs/errors/fixture.ts", "@/server/loyalty/http/render-error"],
    ["lib/loyalty-client/fixture.ts", "@/server/config/env"],
    // Nothing imports a page or a route: they are the top layer.
    ["server/portal/fixture.ts", "@/app/page"],
    ["components/orders/fixture.ts", "../../app/(portal)/orders/page"],
    ["lib/docs/fixture.ts", "@/app/docs/page"],
    ["server/loyalty/http/fixture.ts", "@/pages/api/[version]/product-prices"],
  ];

  it("names, in every fixture, a folder and a module that exist", () => {
    for (const [fixture, specifier] of refusedAcrossLayers) {
      expect(existsSync(path.dirname(fixture)), fixture).toBe(true);
      expect(moduleFile(fixture, specifier), `${fixture} imports ${specifier}`).toBeDefined();
    }
  });

  it.each(refusedAcrossLayers)("refuses %s importing %s", async (fixture, specifier) => {
    expect(layerRefusal(await refusalsOf(fixture, importing(specifier)))).toBe(true);
  });

  it("refuses a type-only import across a layer too", async () => {
    const source = `import type { OrderView } from "@/server/portal/checkout/order-view";\nexport type V = OrderView;\n`;
    expect(layerRefusal(await refusalsOf("components/orders/fixture.ts", source))).toBe(true);
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
    expect(layerRefusal(await refusalsOf(filePath, source))).toBe(true);
  });

  it('refuses a type query (import("…").T): the path rule cannot see it, so it is written as import type', async () => {
    const source = `export type V = import("@/server/portal/checkout/order-view").OrderView;\n`;
    expect(await ruleIdsFor("components/orders/fixture.ts", source)).toContain("no-restricted-syntax");
    expect(await ruleIdsFor("lib/checkout/fixture.ts", source)).toContain("no-restricted-syntax");
    expect(await ruleIdsFor("app/(portal)/orders/fixture.tsx", source)).toContain("no-restricted-syntax");
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
    expect(moduleFile(filePath, specifier), specifier).toBeDefined();
    expect(await ruleIdsFor(filePath, importing(specifier))).not.toContain("import/no-restricted-paths");
  });
});

describe("Next.js's private modules (npm run lint)", () => {
  it("refuses an import of next/dist in app code, whatever its depth", async () => {
    for (const specifier of ["next/dist/server/request-meta", "next/dist/client/components/redirect-error"])
      expect(await ruleIdsFor("server/loyalty/http/fixture.ts", importing(specifier))).toContain(
        "no-restricted-imports",
      );
    expect(await ruleIdsFor("server/loyalty/http/fixture.ts", importing("next/server"))).not.toContain(
      "no-restricted-imports",
    );
  });
});

describe("no import circles (npm run lint)", () => {
  // The rule follows the imports of the files on disk, so the fixture stands in for a real file and imports one
  // that imports it back.
  it("refuses a file importing one that imports it back", async () => {
    const source = `import { toProfileValues } from "@/lib/portal/profile/profile-plan";\nexport const y = toProfileValues;\n`;
    expect(await ruleIdsFor("lib/portal/profile/profile-fields.ts", source, eslint)).toContain("import/no-cycle");
  });

  it("refuses the circle the loyalty client had (agent operations importing the client back)", async () => {
    const source = `import { createLoyaltyClient } from "./loyalty-client";\nexport const y = createLoyaltyClient;\n`;
    expect(await ruleIdsFor("lib/loyalty-client/agent-operations.ts", source, eslint)).toContain("import/no-cycle");
  });

  it("lets a file import one that does not lead back to it", async () => {
    const source = `import { idOf } from "./id-map";\nexport const y = idOf;\n`;
    expect(await ruleIdsFor("server/loyalty/sandbox/seed-rules.ts", source, eslint)).not.toContain("import/no-cycle");
  });
});
