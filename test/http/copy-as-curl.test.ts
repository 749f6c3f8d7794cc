import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { memberTokenOverHttp } from "../support/member-login";
import { sharedApp } from "../support/shared-app";
import type { RunningApp } from "../support/start-app";

/**
 * "Copy as curl" end to end: a request sent to the running app, read back
 * from the developer console's request log page as a developer copies it,
 * run by bash with the real curl (to this loopback app only) and the two
 * variables set, must get the same status and the same body as the original.
 */
const stagingKey = sandbox.partners[0]!.apiKeys.staging;
const developer = sandbox.developers[0]!;
const debitPath = "/api/v1/programmes/NORTHSTAR/accounts/3081000000000001/debit-transaction-requests";

let app: RunningApp;
let cookie: string;
let token: string;
let workDir: string;

beforeAll(async () => {
  app = await sharedApp();
  workDir = mkdtempSync(path.join(tmpdir(), "copy-as-curl-"));
  cookie = await developerSessionCookie();
  token = await memberTokenOverHttp(app.origin, "demo.member1", "read");
}, 120_000);

afterAll(async () => {
  await app?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };
const decode = (html: string) =>
  html.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_match, name: string) => entities[name]!);

/**
 * Signs in through the console's own sign-in form as a browser without
 * JavaScript posts it (the form works without it): the form's hidden
 * fields, the email and the password.
 */
async function developerSessionCookie(): Promise<string> {
  const page = await fetch(`${app.origin}/developers/login`);
  const html = await page.text();
  const form = [...html.matchAll(/<form[^>]*>([\s\S]*?)<\/form>/g)].find((match) => match[1]!.includes('name="email"'));
  expect(form, "the sign-in form").toBeDefined();
  const fields = new FormData();
  for (const input of form![1]!.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    if (name !== undefined) fields.append(decode(name), decode(/value="([^"]*)"/.exec(input[0])?.[1] ?? ""));
  }
  fields.append("email", developer.email);
  fields.append("password", developer.password);
  const answer = await fetch(`${app.origin}/developers/login`, {
    method: "POST",
    body: fields,
    redirect: "manual",
    headers: { Origin: app.origin },
  });
  const cookies = answer.headers.getSetCookie().map((header) => header.split(";")[0]!);
  expect(cookies.length, `sign-in answered ${answer.status}`).toBeGreaterThan(0);
  return cookies.join("; ");
}

/** The command the console's request log offers for one request, as the page shows it. */
async function copiedCommand(requestId: string): Promise<string> {
  const page = await fetch(`${app.origin}/developers/requests?request-id=${requestId}`, { headers: { cookie } });
  expect(page.status).toBe(200);
  const html = await page.text();
  const code = /<code[^>]*data-language="bash"[^>]*>([\s\S]*?)<\/code>/.exec(html);
  expect(code, "the request log shows the request with its curl").not.toBeNull();
  return decode(code![1]!);
}

/** Runs a copied command as a developer would, with the real curl: its status line and body. */
function runCopied(command: string): { status: number; body: string } {
  const output = execFileSync("bash", ["-c", command], {
    cwd: workDir,
    env: { NODE_ENV: "test", PATH: process.env.PATH, HOME: workDir, API_KEY: stagingKey, ACCESS_TOKEN: token },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const split = output.indexOf("\r\n\r\n");
  const status = /^HTTP\/[\d.]+ (\d{3})/.exec(output)?.[1];
  expect(status, output).toBeDefined();
  return { status: Number(status), body: output.slice(split + 4) };
}

async function sendAndReplay(headers: Record<string, string>, body: string) {
  const original = await fetch(`${app.origin}${debitPath}?api_key=${stagingKey}`, { method: "POST", headers, body });
  const originalBody = await original.text();
  const command = await copiedCommand(original.headers.get("x-request-id")!);
  expect(command).not.toContain(stagingKey);
  expect(command).not.toContain(token);
  const replayed = runCopied(command);
  expect(readdirSync(workDir)).toEqual([]);
  return { original: { status: original.status, body: originalBody }, replayed, command };
}

describe("Copy as curl against a running app", () => {
  it("replays a POST forced by X-Sandbox-Scenario, with its body, to the same answer", async () => {
    const { original, replayed, command } = await sendAndReplay(
      {
        "Content-Type": "application/json",
        Authorization: `Bearer ${token}`,
        "X-Sandbox-Scenario": "BALANCE_INSUFFICIENT",
        "Idempotency-Key": "copy-as-curl-'$(touch pwned)'",
      },
      JSON.stringify({
        debitTransaction: {
          description: "COPY-AS-CURL",
          externalTransactionIdentifier: "CURL-0001",
          monetaryAmount: { amount: "1000", currency: { code: "POINTS" } },
        },
      }),
    );
    expect(command).toContain("X-Sandbox-Scenario: BALANCE_INSUFFICIENT");
    expect(command).toContain("--data-raw '{");
    expect(command).toContain(`'Authorization: Bearer '"$ACCESS_TOKEN"`);
    expect(original.body).toContain("BALANCE_INSUFFICIENT");
    expect(replayed).toEqual(original);
  });

  it("replays a POST whose answer depends on its token and body (a refused amount) to the same answer", async () => {
    const { original, replayed } = await sendAndReplay(
      { "Content-Type": "application/json", Authorization: `Bearer ${token}`, "X-Agent-Id": "AGENT7" },
      JSON.stringify({
        debitTransaction: {
          description: "COPY-AS-CURL",
          externalTransactionIdentifier: "CURL-0002",
          monetaryAmount: { amount: "-5", currency: { code: "POINTS" } },
        },
      }),
    );
    expect(original.status).toBe(400);
    expect(replayed).toEqual(original);
  });
});
