import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { seriousViolations } from "../support/axe";
import { screenshot } from "../support/browser";
import { memberTokenOverHttp } from "../support/member-login";
import { expectNoOverflow, expectOnPage, hydrated, shown } from "../support/page-expectations";
import { browsingSession } from "./browsing-session";
import { completeSandboxSignUp, debitRequestInit } from "./developer-browser";

const placeholderRedirectUri = "https://partner.example/oauth/callback";

/** Reloads the events page until `read` holds (the worker posts within a second or two). */
async function reloadUntil(page: Page, read: () => Promise<boolean>) {
  await expectOnPage(async () => {
    await page.reload();
    await shown(page.getByRole("heading", { level: 1, name: "Webhooks" }));
    return read();
  }).toBe(true);
}

describe("partner events in Chromium", () => {
  const session = browsingSession();
  const { newPage } = session;

  it("a developer adds the built-in receiver, debits with its keys, sees the event verified, and replays it", async () => {
    const { page } = await newPage(1280);
    page.on("dialog", (dialog) => void dialog.accept());

    await page.goto(`${session.origin}/developers/signup`);
    const { apiKey, clientId, clientSecret } = await completeSandboxSignUp(page, `events-${Date.now()}@example.test`);

    await page.getByRole("link", { name: "Open your console" }).click();
    await shown(page.getByRole("heading", { level: 1, name: "Your sandbox" }));
    await page.getByRole("navigation", { name: "Developer console" }).getByRole("link", { name: "Members" }).click();
    const memberCard = page.locator("li[data-membership-number]", { hasText: ".member1" });
    const member = (await (await shown(memberCard)).getAttribute("data-membership-number"))!;
    const username = ((await memberCard.locator("dd.font-mono").nth(1).textContent()) ?? "").trim();

    // The events page: no endpoint yet, then the built-in receiver with its secret shown once.
    await page.getByRole("link", { name: "Webhooks", exact: true }).click();
    await shown(page.getByRole("heading", { level: 1, name: "Webhooks" }));
    await shown(page.getByText("No endpoint yet"));
    await (await hydrated(page.getByRole("button", { name: "Add the built-in receiver" }))).click();
    const secret = ((await (await shown(page.locator(`[data-credential="new-secret"]`))).textContent()) ?? "").trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await shown(page.locator("li[data-endpoint-url*='/developers/receiver/']"));
    // Added once, it is not offered again.
    await expectOnPage(() => page.getByRole("button", { name: "Add the built-in receiver" }).count()).toBe(0);

    // A debit with this developer's own key and member.
    const token = await memberTokenOverHttp(session.origin, username, "read", {
      clientId,
      password: clientSecret,
      redirectUri: placeholderRedirectUri,
    });
    const debit = await fetch(
      `${session.origin}/api/v1/programmes/NORTHSTAR/accounts/${member}/debit-transaction-requests?api_key=${apiKey}`,
      debitRequestInit(token, { points: 1500, description: "EVENTS", identifier: "EVENTS-0001" }),
    );
    expect(debit.status).toBe(201);

    // The event arrives at the built-in receiver, its signature verified, and the log shows it delivered.
    const eventItem = page.locator("li[data-event-id]", { hasText: "points.debited" });
    await reloadUntil(page, async () => (await eventItem.locator("[data-delivery-state='delivered']").count()) === 1);
    const eventId = (await eventItem.getAttribute("data-event-id"))!;
    expect(eventId).toMatch(/^evt_[0-9a-f]{32}$/);
    const receipts = page.locator(`li[data-receipt-id="${eventId}"]`);
    await expectOnPage(() => receipts.count()).toBe(1);
    await expectOnPage(() => receipts.first().locator("[data-signature]").getAttribute("data-signature")).toBe("valid");
    await expect(receipts.first().textContent()).resolves.toContain("Signature verified");
    await expect(receipts.first().textContent()).resolves.toContain(member);
    await eventItem.getByText("Attempts and data").click();
    await expectOnPage(() => eventItem.locator("[data-attempt-status]").first().textContent()).toBe("204");
    await screenshot(page, "partner-events-01-delivered");
    expect(await seriousViolations(page)).toEqual([]);

    // Replay: the same event id arrives again, verified.
    await (await hydrated(eventItem.getByRole("button", { name: "Replay this event" }))).click();
    await shown(eventItem.getByText("Sent again, with the same id"));
    await reloadUntil(page, async () => (await receipts.count()) === 2);
    await expectOnPage(() =>
      receipts.evaluateAll((items) =>
        items.map((item) => item.querySelector("[data-signature]")?.getAttribute("data-signature")),
      ),
    ).toEqual(["valid", "valid"]);
    // The replay reads as a replay, not as a second attempt.
    await expectOnPage(() => eventItem.locator("[data-delivery-state]").first().textContent()).toContain("Replayed at");
    await screenshot(page, "partner-events-02-replayed");

    // 360 px wide: nothing scrolls sideways.
    const narrow = await newPage(360);
    await narrow.page.context().addCookies(await page.context().cookies());
    await narrow.page.goto(`${session.origin}/developers/events`);
    await shown(narrow.page.getByRole("heading", { level: 1, name: "Webhooks" }));
    await narrow.page.getByText("Attempts and data").first().click();
    await narrow.page.getByText("Body and webhook-id").first().click();
    await shown(narrow.page.locator("[data-attempt-status]").first());
    await expectNoOverflow(narrow.page);
    await screenshot(narrow.page, "partner-events-03-narrow");
    expect(await seriousViolations(narrow.page)).toEqual([]);
  }, 180_000);
});
