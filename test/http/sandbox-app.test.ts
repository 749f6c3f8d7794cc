import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { programmeListResponseSchema } from "@/lib/contract/retrieve-programme";
import sandbox from "@/sandbox.json";
import { startApp, type RunningApp } from "../support/start-app";

const apiKey = sandbox.partners[0]!.apiKeys.staging;

// Two cold starts on a fresh file-backed database (migrations and seed included): well under a minute alone, but
// a loaded CI machine has taken 85 s for one start, as the other files that start apps allow for.
describe("the sandbox app over HTTP", { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "loyalty-pglite-"));
  const running: RunningApp[] = [];

  afterAll(async () => {
    await Promise.all(running.map((app) => app.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("creates, migrates and seeds a file-backed embedded database on first start, and keeps it across restarts", async () => {
    const first = await startApp({ PGLITE_DATA_DIR: dataDir });
    running.push(first);
    const answer = await fetch(`${first.origin}/api/v1/programmes?api_key=${apiKey}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    const body = programmeListResponseSchema.parse(await answer.json());
    expect(body.programmes.map((programme) => programme.identifier)).toEqual(
      sandbox.programmes.map((programme) => programme.identifier),
    );
    expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
    await first.stop();

    const second = await startApp({ PGLITE_DATA_DIR: dataDir });
    running.push(second);
    const again = programmeListResponseSchema.parse(
      await (await fetch(`${second.origin}/api/v1/programmes?api_key=${apiKey}`)).json(),
    );
    expect(again.size).toBe(6);
  });

  it("answers unknown API paths in the spec's error shape, not with an HTML page", async () => {
    const app = running.at(-1) ?? (await startApp());
    if (!running.includes(app)) running.push(app);
    const answer = await fetch(`${app.origin}/api/v1/no/such/operation?api_key=${apiKey}`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ error: { code: "RESOURCE_NOT_FOUND" } });
    // The router hands the gateway every method: OPTIONS gets the operation's own refusal, not a framework 204.
    const options = await fetch(`${app.origin}/api/v1/programmes?api_key=${apiKey}`, { method: "OPTIONS" });
    expect(options.status).toBe(400);
    expect(options.headers.get("allow")).toBe("GET");
    expect(await options.json()).toMatchObject({ code: "REQUEST_INVALID" });
  });

  it("gives the portal's balance endpoint to signed-in members only", async () => {
    const app = running.at(-1) ?? (await startApp());
    if (!running.includes(app)) running.push(app);
    const answer = await fetch(`${app.origin}/member/balance`);
    expect(answer.status).toBe(401);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toEqual({ error: "signed-out" });
  });
});
