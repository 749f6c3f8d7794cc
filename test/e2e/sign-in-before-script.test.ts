import { describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { seriousViolations } from "../support/axe";
import { shown } from "../support/page-expectations";
import { snap } from "./portal-browser";
import { sharedPortalRun } from "./shared-run";

const member = sandbox.members.find((candidate) => candidate.username === "demo.member1")!;

/**
 * On a busy evening the programme buttons are on screen long before the
 * page's script has run; a member clicks them then. A click must start the
 * sign-in whether or not the script has run: here it never runs at all.
 */
describe("signing in before the login page's script has run, in Chromium", () => {
  const portal = sharedPortalRun();

  it.each([1280, 360])(
    "the programme button leads to the programme's login page and back signed in (%i px, no script)",
    async (width) => {
      const context = await portal.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${portal.origin}/login?callbackUrl=%2Ftransactions`);
      await shown(page.getByRole("button", { name: /Northstar Club/ }));
      await snap(page, `sign-in-no-script-${width}-01-login`);
      await page.getByRole("button", { name: /Northstar Club/ }).click();
      await page.waitForURL((url) => url.pathname === "/oauth/auth/login", { timeout: 15_000 });
      expect(new URL(page.url()).searchParams.get("ui_locales")).toBe("en");
      await page.locator("#username").fill(member.username!);
      await page.locator("#password").fill(sandbox.password);
      await page.locator("button[type=submit]").click();
      await page.waitForURL((url) => url.port === "3000" && url.pathname === "/transactions");
      // The header is the member's (the page's own content streams in behind a script, which never runs here).
      await shown(page.getByRole("button", { name: "Log out" }));
      await snap(page, `sign-in-no-script-${width}-02-signed-in`);
    },
  );

  it("refuses a sign-in start posted from another site, sending it to the login page", async () => {
    const context = await portal.newContext();
    const answer = await context.request.post(`${portal.origin}/login/start`, {
      form: { provider: "loyalty", callbackUrl: "/orders", csrfToken: "a".repeat(64) },
      headers: { Origin: "https://elsewhere.example" },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(303);
    expect(answer.headers()["location"]).toBe("/login?callbackUrl=%2Forders");
    expect(answer.headers()["set-cookie"]).toBeUndefined();
  });

  it("keeps the login page free of serious axe violations with its forms", async () => {
    const context = await portal.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${portal.origin}/login`);
    await shown(page.getByRole("button", { name: /Northstar Club/ }));
    expect(await seriousViolations(page)).toEqual([]);
  });
});
