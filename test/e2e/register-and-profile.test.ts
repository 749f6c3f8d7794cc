import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import sandbox from "@/sandbox.json";
import { screenshot } from "../support/browser";
import { expectAbsent, expectCount, expectOnPage, hydrated, shown } from "../support/page-expectations";
import type { RunningApp } from "../support/start-app";
import { sharedBrowser, sharedPortal } from "./shared-run";

// GB resident without a security profile: registers with a postcode (none is stored, so any valid one matches).
const member = sandbox.members.find((candidate) => candidate.membershipNumber === "3081000000000003")!;
const username = "jo.tester";
const password = "Tester#2026";

async function snap(page: Page, name: string): Promise<void> {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await screenshot(page, `register-and-profile-${name}`);
}

/** Nothing sticks out sideways: the page is usable at its width without scrolling across. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe("registration and profile in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    // Port 3000 (the sandbox registers the portal's OAuth callback there), with a secret file of its own, as on a fresh machine.
    app = await sharedPortal();
    browser = await sharedBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("registers a member through /register, signs in with the new login, edits the profile and sees it after a reload", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();

    // The empty form: refused in the browser, the first field focused, nothing sent.
    await page.goto(`${app.origin}/register`);
    // Before hydration a click would post the form to the server instead of checking it in the browser.
    const register = await hydrated(page.getByRole("button", { name: "Register" }));
    await snap(page, "01-register-desktop");
    await register.click();
    await expectOnPage(() => page.evaluate(() => document.activeElement?.id)).toBe("field-membershipNumber");
    await expectOnPage(() => page.getByLabel("Membership number").getAttribute("aria-invalid")).toBe("true");
    await expectCount(page.getByText("Enter your membership number."), 1);
    await snap(page, "02-register-empty-refused");

    // Filled in with the keyboard where a member would: the country decides that a postcode is asked.
    await page.getByLabel("Membership number").fill(member.membershipNumber.replace(/(\d{4})(?=\d)/g, "$1 "));
    await page.getByLabel("Country of residence").selectOption("GB");
    await expectAbsent(page.getByLabel("Date of birth"), { once: page.getByLabel("Postcode") });
    await page.getByLabel("Postcode").fill("SW1A 1AA");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("First security question").selectOption("1");
    await page.getByLabel("First answer").fill("Rex");
    await page.getByLabel("Second security question").selectOption("1");
    await page.getByLabel("Second answer").fill("Mini");
    await page.getByRole("button", { name: "Register" }).click();
    await expectCount(page.getByText("The two security responses must answer different questions."), 1);
    await page.getByLabel("Second security question").selectOption("5");
    await page.getByRole("button", { name: "Register" }).click();

    await page.waitForURL((url) => url.pathname === "/register/complete");
    await expectCount(page.getByRole("heading", { name: "You are registered" }), 1);
    await snap(page, "03-register-complete");

    // Registering the same membership again is refused by the service, said in the alert.
    await page.goto(`${app.origin}/register`);
    // Typed before hydration, the country would not bring up the postcode field.
    await hydrated(page.getByRole("button", { name: "Register" }));
    await page.getByLabel("Membership number").fill(member.membershipNumber);
    await page.getByLabel("Country of residence").selectOption("GB");
    await page.getByLabel("Postcode").fill("SW1A1AA");
    await page.getByLabel("Username").fill("jo.tester.two");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("First security question").selectOption("2");
    await page.getByLabel("First answer").fill("Leeds");
    await page.getByLabel("Second security question").selectOption("3");
    await page.getByLabel("Second answer").fill("St Mary");
    await page.getByRole("button", { name: "Register" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "We could not register you" });
    await expectOnPage(() => alert.textContent()).toContain("already registered for online access");
    await snap(page, "04-register-already-registered");

    // The real sign-in: the portal's login page, the programme's login page, back to the portal.
    await page.goto(`${app.origin}/profile`);
    await page.waitForURL((url) => url.pathname === "/login");
    await (await hydrated(page.getByRole("button", { name: /Northstar Club/ }))).click();
    await page.waitForURL((url) => url.pathname === "/oauth/auth/login");
    await page.locator("#username").fill(username);
    await page.locator("#password").fill(password);
    await page.locator("button[type=submit]").click();
    await page.waitForURL((url) => url.pathname === "/profile");

    const language = page.getByRole("main").getByLabel("Language");
    const email = page.getByLabel("Email address");
    const save = page.getByRole("button", { name: "Save changes" });
    // The form is streamed in after `load`, and checks nothing in the browser until hydrated.
    await hydrated(save);
    await expectOnPage(() => page.getByText("JO TESTER").count()).toBeGreaterThan(0);
    await expectOnPage(() => language.inputValue()).toBe("");
    await snap(page, "05-profile-desktop");

    // A refusal from the browser's copy of the contract, then a save of only what changed.
    await email.fill("jo tester@example");
    await save.click();
    await expectOnPage(() => email.getAttribute("aria-invalid")).toBe("true");
    await snap(page, "06-profile-refused");
    // English: any other language would be the portal's language from this save on (member-languages.test.ts).
    await language.selectOption("EN");
    await email.fill("jo.tester@example.com");
    await page.getByLabel("Title").fill("Dr");
    await save.click();
    await expectCount(page.getByRole("status").filter({ hasText: "Your profile is saved." }), 1);
    // The page was read again with the save: the stored form (upper-case ASCII), the title now read-only.
    await expectOnPage(() => email.inputValue()).toBe("JO.TESTER@EXAMPLE.COM");
    await expectCount(page.getByText("A title cannot be changed once set."), 1);
    await expectAbsent(page.getByLabel("Title"), { once: page.getByText("A title cannot be changed once set.") });
    await expectOnPage(() => language.inputValue()).toBe("EN");
    await snap(page, "07-profile-saved");

    // A home address and two numbers: the second number needs a PATCH of its own.
    const home = page.getByRole("group", { name: "Home address (preferred)" });
    await home.getByLabel("Line 1").fill("1 Test Street");
    await home.getByLabel(/^Line 2/).fill("London");
    await home.getByLabel("Postcode").fill("SW1A 1AA");
    await page.getByRole("group", { name: "Mobile" }).getByLabel("Country code").fill("+44");
    await page.getByRole("group", { name: "Mobile" }).getByLabel("Number").fill("7700 900123");
    await page.getByRole("group", { name: "Home phone" }).getByLabel("Area code").fill("20");
    await page.getByRole("group", { name: "Home phone" }).getByLabel("Number").fill("79460000");
    await save.click();
    await expectCount(page.getByRole("status").filter({ hasText: "Your profile is saved." }), 1);
    await expectOnPage(() => home.getByLabel("Line 1").inputValue()).toBe("1 TEST STREET");

    // The server's HTML already holds the stored values: nothing depends on hydration to show them.
    const html = await (await context.request.get(`${app.origin}/profile`)).text();
    expect(html).toContain('value="JO.TESTER@EXAMPLE.COM"');
    expect(html).toMatch(/<option value="EN" selected=""/);

    await page.reload();
    await expectOnPage(() => page.getByRole("main").getByLabel("Language").inputValue()).toBe("EN");
    await expectOnPage(() => page.getByLabel("Email address").inputValue()).toBe("JO.TESTER@EXAMPLE.COM");
    await expectCount(page.getByText("DR", { exact: true }), 1);
    await expectOnPage(() => home.getByLabel(/^Line 2/).inputValue()).toBe("LONDON");
    await expectOnPage(() => home.getByLabel("Postcode").inputValue()).toBe("SW1A1AA");
    await expectOnPage(() => page.getByRole("group", { name: "Mobile" }).getByLabel("Number").inputValue()).toBe(
      "7700900123",
    );
    await expectOnPage(() => page.getByRole("group", { name: "Home phone" }).getByLabel("Number").inputValue()).toBe(
      "79460000",
    );
    await snap(page, "08-profile-after-reload");

    // The same pages at 360 px wide.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    // Measured on the form itself, not on the loading placeholder before it.
    await shown(save);
    await expectNoSidewaysScroll(page);
    await snap(page, "09-profile-360");
    const anonymous = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const narrow = await anonymous.newPage();
    await narrow.goto(`${app.origin}/register`);
    await hydrated(narrow.getByRole("button", { name: "Register" }));
    await narrow.getByLabel("Country of residence").selectOption("ZA");
    await narrow.getByRole("button", { name: "Register" }).click();
    // The refusal is on screen (with the fields a ZA resident is asked for) before the width is measured.
    await shown(narrow.getByText("Enter your membership number."));
    await expectNoSidewaysScroll(narrow);
    await snap(narrow, "10-register-360-za-refused");
    await anonymous.close();
    await context.close();
  });
});
