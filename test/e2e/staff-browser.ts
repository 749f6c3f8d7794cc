import type { Page } from "playwright-core";
import { expect } from "vitest";
import sandbox from "@/sandbox.json";
import { seriousViolations } from "../support/axe";
import { expectNoOverflow, hydrated, shown } from "../support/page-expectations";
import { snap } from "./portal-browser";
import type { PortalRun } from "./shared-run";

/** A page in a browser context of its own (its own cookies: its own member of staff), `width` px wide. */
export async function newStaffPage(portal: PortalRun, width = 1280): Promise<Page> {
  const context = await portal.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

/** The console's own login page, already open: Username, Password, "Log in"; then whichever console page follows. */
export async function fillStaffLogin(page: Page, username: string, secret = sandbox.password): Promise<void> {
  await shown(page.getByRole("heading", { name: "Staff console" }));
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(secret);
  await (await hydrated(page.getByRole("button", { name: "Log in" }))).click();
  await page.waitForURL((url) => url.pathname.startsWith("/staff") && !url.pathname.startsWith("/staff/login"));
}

/** Opens the console's login page and signs in. */
export async function staffLogIn(
  portal: PortalRun,
  page: Page,
  username: string,
  secret = sandbox.password,
): Promise<void> {
  await page.goto(`${portal.origin}/staff/login`);
  await fillStaffLogin(page, username, secret);
}

/** Nothing scrolls sideways, axe finds nothing serious, and a screenshot to look at. */
export async function checkedPage(page: Page, name: string): Promise<void> {
  await expectNoOverflow(page);
  expect(await seriousViolations(page), name).toEqual([]);
  await snap(page, name);
}

/**
 * A new administrator, created on the staff accounts page by the administrator signed in on `page`: its one-time
 * password, read before the page moves on (it is shown once, on that page only).
 */
export async function createAdministrator(portal: PortalRun, page: Page, username: string, reason: string) {
  await page.goto(`${portal.origin}/staff/accounts`);
  const create = page.getByRole("form", { name: "Create a staff account" });
  const createButton = await hydrated(create.getByRole("button", { name: "Create account" }));
  await create.getByLabel("Username").fill(username);
  await create.getByLabel("Role").selectOption("ADMIN");
  await create.getByLabel("Reason", { exact: true }).fill(reason);
  await createButton.click();
  const password = ((await (await shown(create.getByTestId("one-time-password"))).textContent()) ?? "").trim();
  expect(password).not.toBe("");
  return password;
}
