import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutOutcomes, earlierDay } from "@/lib/portal/staff/programme-glance";
import { formatDay } from "@/lib/portal/staff/staff-dates";
import sandbox from "@/sandbox.json";
import { allViolations } from "../support/axe";
import { expectNoOverflow, expectOnPage, hydrated, shown } from "../support/page-expectations";
import {
  expectedGlance,
  glanceSeedStatements,
  glanceSourceQueries,
  type GlanceSourceRows,
} from "../support/programme-glance-expected";
import { dataDirForServer } from "../support/server-database-template";
import { startApp, type RunningApp } from "../support/start-app";
import { snap } from "./portal-browser";
import { sharedBrowser } from "./shared-run";

/** The staff member's browser is in New York: the charts' days are New York's, not the server's UTC. */
const timeZone = "America/New_York";
const numbers = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });

/**
 * The console's home on a portal of its own, whose embedded database the test
 * seeds before the start with two months of checkouts and goodwill credits,
 * then reads back: what each chart's table says must be what the rows say.
 */
describe("the programme at a glance on the console's home", () => {
  let app: RunningApp;
  let browser: Browser;
  let dataDir: string;
  let source: GlanceSourceRows;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    dataDir = await dataDirForServer("staff-home-");
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
      // Outside a run with a prepared template: the app's first start migrates and seeds it.
      await (await startApp({ PGLITE_DATA_DIR: dataDir })).stop();
    }
    const database = await PGlite.create(dataDir);
    try {
      const statements = glanceSeedStatements({
        now: new Date(),
        orders: 600,
        auditRows: 180,
        spanSeconds: 60 * 24 * 60 * 60,
        tag: "home-e2e",
      });
      for (const statement of statements) await database.exec(statement);
      source = {
        orders: (await database.query<GlanceSourceRows["orders"][number]>(glanceSourceQueries.orders)).rows,
        events: (await database.query<GlanceSourceRows["events"][number]>(glanceSourceQueries.events)).rows,
      };
    } finally {
      await database.close();
    }
    app = await startApp({ PGLITE_DATA_DIR: dataDir });
    browser = await sharedBrowser();
  }, 240_000);

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await app?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function signedIn(username: string, width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: timeZone });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${app.origin}/staff/login`);
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(sandbox.password);
    await (await hydrated(page.getByRole("button", { name: "Log in" }))).click();
    await page.waitForURL((url) => url.pathname === "/staff");
    // The first page learns the browser's zone and is drawn again in it.
    await expectOnPage(() => page.getByTestId("glance-span").textContent()).toContain(
      `by day in ${timeZone} (your browser's time zone)`,
    );
    return page;
  }

  /** A chart's table as staff read it: its open disclosure's rows, each cell's text. */
  async function tableRows(page: Page, chart: string): Promise<string[][]> {
    const figure = page.locator(`figure[data-chart=${chart}]`);
    await figure.locator("summary").click();
    const table = figure.getByRole("table");
    await shown(table);
    return table
      .locator("tbody tr")
      .evaluateAll((rows) =>
        rows.map((row) => Array.from(row.querySelectorAll("th, td")).map((cell) => cell.textContent ?? "")),
      );
  }

  it("draws three charts whose tables say what the database holds, in the staff member's days, with no axe violation", async () => {
    const page = await signedIn("staff.admin", 1280);
    const want = expectedGlance(source, new Date(), timeZone);
    // The page was rendered moments after `now` here: the same 30 days unless midnight fell between.
    const dayName = (day: string) => (day === earlierDay ? "Earlier" : formatDay(day));

    for (const chart of ["points", "outcomes", "waiting"]) {
      await shown(page.locator(`figure[data-chart=${chart}] .recharts-wrapper > svg`).first());
    }
    await expectOnPage(() => page.locator("figure[data-chart=points] .recharts-line-curve").count()).toBe(2);
    await expectOnPage(() =>
      page.locator("figure[data-chart=outcomes] .recharts-bar-rectangle").count(),
    ).toBeGreaterThan(20);

    expect(await tableRows(page, "points")).toEqual(
      want.days.map((day) => [
        dayName(day),
        numbers.format(want.points.get(day)!.redeemed),
        numbers.format(want.points.get(day)!.credited),
      ]),
    );
    expect(await tableRows(page, "outcomes")).toEqual(
      want.days.map((day) => [dayName(day), ...want.outcomes.get(day)!.map((count) => numbers.format(count))]),
    );
    expect(await tableRows(page, "waiting")).toEqual(
      [earlierDay, ...want.days].map((day) => [dayName(day), numbers.format(want.attention.get(day)!), "0"]),
    );
    // The seeding reaches every outcome and both series, so a column read from the wrong place shows.
    const totals = checkoutOutcomes.map((_, index) =>
      want.days.reduce((sum, day) => sum + want.outcomes.get(day)![index]!, 0),
    );
    expect(totals.every((count) => count > 0)).toBe(true);
    expect(want.attention.get(earlierDay)).toBeGreaterThan(0);

    expect(await allViolations(page)).toEqual([]);
    await snap(page, "staff-home-1280");
  });

  it("fits 360 px: no sideways scrolling, the charts drawn, no axe violation", async () => {
    const page = await signedIn("staff.agent", 360);
    for (const chart of ["points", "outcomes", "waiting"]) {
      await shown(page.locator(`figure[data-chart=${chart}] .recharts-wrapper > svg`).first());
    }
    await tableRows(page, "outcomes");
    await expectNoOverflow(page);
    expect(await allViolations(page)).toEqual([]);
    await snap(page, "staff-home-360");
  });
});
