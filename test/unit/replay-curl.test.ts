import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keptRequestHeaders, omittedBody, type LoggedHeaders } from "@/lib/developers/logged-request";
import { replayCurl, type LoggedRequest } from "@/lib/developers/replay-curl";

/**
 * "Copy as curl" run as a developer runs it: the command under `bash -c`,
 * with a stub `curl` first on PATH that writes each argument it receives,
 * NUL-terminated, to a file. The stub must get exactly the logged values
 * (the variables expanded to what was set, nothing else), and nothing
 * planted in the log may run: the commands run in an empty directory and
 * every planted command would create a file there or in the sandbox.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const origin = "http://127.0.0.1:3000";
const variables = { API_KEY: "SBXk3y$(touch pwned-var)`id`'\"", ACCESS_TOKEN: "eyJ.tok en;|&!" };

let sandbox: string;
let bin: string;
let argvFile: string;
let workDir: string;

beforeAll(() => {
  sandbox = mkdtempSync(path.join(tmpdir(), "replay-curl-"));
  bin = path.join(sandbox, "bin");
  workDir = path.join(sandbox, "work");
  argvFile = path.join(sandbox, "argv");
  mkdirSync(bin);
  mkdirSync(workDir);
  writeFileSync(
    path.join(bin, "curl"),
    `#!/bin/sh\n: > "$CURL_ARGV"\nfor arg in "$@"; do printf '%s\\0' "$arg" >> "$CURL_ARGV"; done\n`,
  );
  chmodSync(path.join(bin, "curl"), 0o755);
});

afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

/** The arguments the stub curl received when bash ran the command. */
function runCopied(command: string): string[] {
  rmSync(argvFile, { force: true });
  execFileSync("bash", ["-c", command], {
    cwd: workDir,
    env: { NODE_ENV: "test", PATH: `${bin}:/usr/bin:/bin`, CURL_ARGV: argvFile, HOME: sandbox, ...variables },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const received = readFileSync(argvFile, "utf8").split("\0");
  expect(received.pop()).toBe("");
  return received;
}

/** What curl must receive for a logged request, worked out from the log alone. */
function expectedArguments(request: LoggedRequest, headers: [string, string][], body?: string): string[] {
  const separator = request.path.includes("?") ? "&" : "?";
  const args = [
    "--globoff",
    "-i",
    "-X",
    request.method,
    `${origin}${request.path}${separator}api_key=${variables.API_KEY}`,
  ];
  for (const [name, value] of headers) args.push("-H", `${name}: ${value}`);
  if (body !== undefined) args.push("--data-raw", body);
  return args;
}

/** Nothing ran but the stub: no file appeared beside the commands, nor in the sandbox beside the stub. */
function expectNothingElseRan(): void {
  expect(readdirSync(workDir)).toEqual([]);
  expect(readdirSync(sandbox).sort()).toEqual(["argv", "bin", "work"]);
}

const planted = [
  "$(touch pwned-dollar)",
  "`touch pwned-backtick`",
  "; touch pwned-semicolon",
  "| touch pwned-pipe",
  "' ; touch pwned-quote ; '",
  '" ; touch pwned-double ; "',
  "line\nbreak; touch pwned-newline",
  "back\\slash\\",
  "bang!!  !$ !-1",
  "ünïcødé €😀 ‮",
  "${HOME} $HOME",
  "& touch pwned-amp &",
  "> pwned-redirect",
  "[0-9]{a,b}*?",
];

describe("Copy as curl", () => {
  it("sends a POST with a forced scenario as logged: its headers, its body, the key and token from variables", () => {
    const request: LoggedRequest = {
      method: "POST",
      path: "/api/v1/programmes/NORTHSTAR/accounts/3081000000000001/debit-transaction-requests",
      scenario: "BALANCE_INSUFFICIENT",
      requestHeaders: {
        "Content-Type": "application/json",
        Authorization: "Bearer",
        "Idempotency-Key": "debit-0001",
        "X-Agent-Id": "AGENT7",
        "X-Sandbox-Scenario": "BALANCE_INSUFFICIENT",
      },
      requestBody: { debitTransaction: { description: "it's", monetaryAmount: { amount: "1000" } } },
    };
    const command = replayCurl(origin, request);
    expect(command).not.toContain("MEMBER_TOKEN");
    expect(runCopied(command)).toEqual([
      "--globoff",
      "-i",
      "-X",
      "POST",
      `${origin}${request.path}?api_key=${variables.API_KEY}`,
      "-H",
      "Content-Type: application/json",
      "-H",
      `Authorization: Bearer ${variables.ACCESS_TOKEN}`,
      "-H",
      "Idempotency-Key: debit-0001",
      "-H",
      "X-Agent-Id: AGENT7",
      "-H",
      "X-Sandbox-Scenario: BALANCE_INSUFFICIENT",
      "--data-raw",
      JSON.stringify(request.requestBody),
    ]);
    expectNothingElseRan();
  });

  it("adds nothing that was not sent: no Authorization, no body, no Content-Type of its own", () => {
    const request: LoggedRequest = {
      method: "GET",
      path: "/api/v1/programmes?location-identifier=ES&foo=[removed]",
      requestHeaders: { Accept: "application/json" },
    };
    expect(runCopied(replayCurl(origin, request))).toEqual(
      expectedArguments(request, [["Accept", "application/json"]]),
    );
    // An older row, logged before headers were kept: what is known to have been sent, no more.
    const older: LoggedRequest = { method: "POST", path: "/api/v1/x", scenario: "DATA_INVALID", requestBody: { a: 1 } };
    expect(runCopied(replayCurl(origin, older))).toEqual(
      expectedArguments(
        older,
        [
          ["Content-Type", "application/json"],
          ["X-Sandbox-Scenario", "DATA_INVALID"],
        ],
        '{"a":1}',
      ),
    );
    // A body above the log's limit is not replayed as its placeholder.
    const large: LoggedRequest = { ...older, requestHeaders: {}, requestBody: omittedBody };
    expect(runCopied(replayCurl(origin, large))).toEqual(expectedArguments(large, []));
    expectNothingElseRan();
  });

  it("runs nothing planted in the path, the query, the headers, the method or the body", () => {
    for (const text of planted) {
      const headers: LoggedHeaders = {
        "Content-Type": `application/json; x=${text}`,
        "Idempotency-Key": text,
        "X-Agent-Id": text,
        "X-Sandbox-Scenario": text,
      };
      const request: LoggedRequest = {
        method: `POST${text}`,
        path: `/api/v1/${text}?fields=${text}`,
        requestHeaders: headers,
        requestBody: { [text]: text, list: [text, { nested: text }] },
      };
      const command = replayCurl(origin, request);
      const sent = runCopied(command);
      expect(sent, command).toEqual(
        expectedArguments(
          request,
          keptRequestHeaders.flatMap((name) => (headers[name] === undefined ? [] : [[name, headers[name]!]])),
          JSON.stringify(request.requestBody),
        ),
      );
      expect(JSON.parse(sent.at(-1)!)).toEqual(request.requestBody);
      expectNothingElseRan();
    }
  });

  it("sends any generated logged text exactly as logged (fuzzed), and never runs it", () => {
    const text = fc.string({ unit: "binary", maxLength: 40 }).map((value) => value.replaceAll("\0", ""));
    const headerText = fc.string({ unit: "grapheme-ascii", maxLength: 40 });
    fc.assert(
      fc.property(
        text,
        text,
        headerText,
        headerText,
        fc.constantFrom("GET", "POST", "PUT"),
        (pathText, bodyText, idempotencyKey, scenario, method) => {
          const headers: LoggedHeaders = {
            "Content-Type": "application/json",
            ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
            ...(scenario ? { "X-Sandbox-Scenario": scenario } : {}),
          };
          const request: LoggedRequest = {
            method,
            path: `/api/${pathText}`,
            requestHeaders: headers,
            requestBody: { description: bodyText },
          };
          expect(runCopied(replayCurl(origin, request))).toEqual(
            expectedArguments(
              request,
              keptRequestHeaders.flatMap((name) => (headers[name] === undefined ? [] : [[name, headers[name]!]])),
              JSON.stringify(request.requestBody),
            ),
          );
          expectNothingElseRan();
        },
      ),
      { numRuns: RUNS },
    );
  });
});
