import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerText, ConsoleBrowser } from "../support/console-forms";
import { startApp, type RunningApp } from "../support/start-app";
import { waitUntil } from "../support/webhook-receiver";

/**
 * Fair, bounded delivery against a running instance, over HTTP only:
 * developer A points 10 endpoints at a receiver that accepts connections and
 * never answers, and sends 50 test events (500 deliveries, each holding a
 * post for the whole time limit); developer B's test event still reaches B's
 * built-in receiver within one attempt's time limit (plus the worker's
 * interval, and slack for the receiver's own work).
 */
const timeoutMs = 2_000;
const intervalMs = 1_000;
const slackMs = 1_000;
const endpointsOfA = 10;
const testEventsOfA = 50;

let app: RunningApp;
let silent: { port: number; connections: () => number; close: () => Promise<void> };

/** A receiver that accepts every connection, reads what is sent and never answers. */
async function startSilentReceiver() {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("data", () => undefined);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  silent = await startSilentReceiver();
  app = await startApp({
    WEBHOOK_PRIVATE_TARGETS: "on",
    WEBHOOK_TIMEOUT_MS: String(timeoutMs),
    WEBHOOK_WORKER_LEASE_MS: String(timeoutMs + 2_000),
    WEBHOOK_WORKER_INTERVAL_MS: String(intervalMs),
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await silent?.close();
});

async function signUp(name: string): Promise<ConsoleBrowser> {
  const browser = new ConsoleBrowser(app.origin);
  const created = await browser.submit("/developers/signup", "Create my sandbox", {
    email: `${name}-${Date.now()}@example.test`,
    password: "a long sandbox password",
  });
  expect(created.querySelector("h2")?.textContent, answerText(created)).toBe("Your sandbox is ready");
  return browser;
}

const eventsPage = "/developers/events";

describe("fair delivery over HTTP", () => {
  it("A's 10 endpoints that never answer and 50 test events delay B's delivery by no more than one attempt's time limit", async () => {
    const developerA = await signUp("slow-a");
    let pageA = await developerA.page(eventsPage);
    for (let index = 0; index < endpointsOfA; index += 1) {
      pageA = await developerA.submit(
        eventsPage,
        "Add this endpoint",
        { url: `http://127.0.0.1:${silent.port}/never/${index}` },
        { from: pageA },
      );
      expect(answerText(pageA)).toContain("Added.");
    }
    // The console states the limit where the developer sends.
    expect(pageA.querySelector("[data-send-limit]")?.textContent).toContain(
      "Your sandbox may send 60 test events and replays an hour, counted together. 60 left until",
    );
    for (let index = 0; index < testEventsOfA; index += 1) {
      pageA = await developerA.submit(eventsPage, "Send the test event", {}, { from: pageA });
      expect(answerText(pageA)).toContain("is on its way");
    }
    // A's posts are under way: the receiver holds their connections open.
    await waitUntil(() => silent.connections() > 0, 10_000, "A's first posts");

    const developerB = await signUp("fast-b");
    expect(answerText(await developerB.submit(eventsPage, "Add the built-in receiver"))).toContain("Added.");
    expect(answerText(await developerB.submit(eventsPage, "Send the test event"))).toContain("is on its way");

    let receipt: Element | undefined;
    let pageB: Document | undefined;
    await waitUntil(
      async () => {
        pageB = await developerB.page(eventsPage);
        receipt = pageB.querySelector("li[data-receipt-id]") ?? undefined;
        return receipt !== undefined;
      },
      // Far more than the bound, so a late delivery fails on the measure below, not on the wait.
      30_000,
      "B's built-in receiver to get B's test event",
    );
    const eventId = receipt!.getAttribute("data-receipt-id")!;
    expect(receipt!.querySelector("[data-signature]")?.getAttribute("data-signature")).toBe("valid");
    const receivedAt = Date.parse(receipt!.querySelector("time")!.getAttribute("datetime")!);
    const event = pageB!.querySelector(`li[data-event-id="${eventId}"]`);
    const createdAt = Date.parse(event!.querySelector("time")!.getAttribute("datetime")!);
    const delay = receivedAt - createdAt;
    expect(delay).toBeGreaterThanOrEqual(0);
    expect(delay, `B's event waited ${delay} ms`).toBeLessThanOrEqual(timeoutMs + intervalMs + slackMs);

    // Meanwhile most of A's 500 deliveries were still waiting behind A's own slow ones: a claim in order of due
    // time would have put B's behind all of them.
    pageA = await developerA.page(eventsPage);
    const waiting = [...pageA.querySelectorAll("li[data-delivery-state=pending]")].filter((delivery) =>
      delivery.textContent?.includes("Waiting to be sent"),
    );
    expect(waiting.length).toBeGreaterThanOrEqual(100);
    // And A's next send is within its limit, counted down on the page.
    expect(pageA.querySelector("[data-send-limit]")?.textContent).toContain(`${60 - testEventsOfA} left until`);
  }, 180_000);
});
