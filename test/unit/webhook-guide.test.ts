import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nodeReceiverExample } from "@/lib/docs/guides/webhook-verification";
import { eventPayload } from "@/lib/contract/webhook-events";
import { webhookHeaders } from "@/server/loyalty/events/delivery/sign-webhook";
import { newWebhookSecret } from "@/server/loyalty/events/manage-endpoints";

/** The events guide's receiver, run as written with node against posts signed as the worker signs them. */
const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

describe("the events guide's Node receiver", () => {
  it("accepts a signed event once per id, and refuses a changed body or an old timestamp", async () => {
    const secret = newWebhookSecret();
    const port = await freePort();
    const child = spawn(process.execPath, ["--input-type=module", "-e", nodeReceiverExample], {
      env: { PATH: process.env.PATH, NODE_ENV: "test", WEBHOOK_SECRET: secret, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    stops.push(() => child.kill());
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const url = `http://127.0.0.1:${port}/`;
    const post = async (body: string, headers: Record<string, string>) => {
      for (let tries = 0; ; tries += 1) {
        try {
          return (await fetch(url, { method: "POST", body, headers })).status;
        } catch (error) {
          if (tries > 100) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    const body = eventPayload({
      type: "points.credited",
      createdAt: new Date(),
      test: true,
      data: { membershipNumber: "3081000000000001" },
    });
    const headers = webhookHeaders("evt_guide", body, [secret], new Date());
    expect(await post(body, headers)).toBe(204);
    expect(await post(body, headers)).toBe(204);
    expect(await post(body.replace("3081", "3082"), headers)).toBe(400);
    const old = new Date(Date.now() - 10 * 60_000);
    expect(await post(body, webhookHeaders("evt_old", body, [secret], old))).toBe(400);
    // The receiver prints before it answers, but its output reaches this process by a pipe of its own.
    await vi.waitFor(() => expect(output).toContain("evt_guide"), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(output.trim().split("\n")).toEqual([`evt_guide points.credited {"membershipNumber":"3081000000000001"}`]);
  }, 30_000);
});
