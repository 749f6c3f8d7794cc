import { lookup } from "node:dns/promises";
import { env } from "@/server/config/env";
import { isPublicAddress, judgeHost } from "@/server/http/egress-policy";

/**
 * Where the sandbox posts events (SSRF): partners type these URLs, so a URL
 * must not reach this machine's or its network's private services. Allowed:
 * the app's own built-in receiver, and any http(s) address that is public
 * (server/http/egress-policy.ts decides, here when an endpoint is saved and
 * again in post-webhook.ts on the address the socket connects to).
 * WEBHOOK_PRIVATE_TARGETS=on allows private targets (tests, a receiver on
 * the developer's own machine).
 */
export const privateTargetRefusal =
  "The sandbox posts only to public addresses: use a tunnel to your machine, or the built-in receiver.";

export function privateTargetsAllowed(): boolean {
  return env().WEBHOOK_PRIVATE_TARGETS === "on";
}

/** The built-in receiver's path as the console builds it: one segment, the partner's identifier. */
const receiverPath = /^\/developers\/receiver\/[A-Za-z0-9_-]{1,64}$/;

/**
 * Whether a URL is this app's built-in receiver, the one private address the
 * worker may post to: the same scheme, host and port as APP_ORIGIN, and the
 * path `/developers/receiver/{partner}` exactly, as parsed. No user name, no
 * query or fragment (not even an empty `?`), and none of the spellings a
 * path could climb out with: dot segments, encoded dots or slashes,
 * backslashes.
 */
export function isBuiltInReceiver(url: string): boolean {
  if (/[\\?#\s]|%2e|%2f|%5c/i.test(url)) return false;
  if (/\/\.{1,2}(\/|$)/.test(url)) return false;
  if (!URL.canParse(url)) return false;
  const target = new URL(url);
  const app = new URL(env().APP_ORIGIN);
  return (
    target.protocol === app.protocol &&
    target.hostname === app.hostname &&
    target.port === app.port &&
    target.username === "" &&
    target.password === "" &&
    receiverPath.test(target.pathname)
  );
}

/** Every address a host name resolves to (the system resolver, as the socket's lookup uses). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

const resolveWithSystem: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((answer) => answer.address);

/** How long saving an endpoint waits for its host name to resolve. */
const saveLookupMs = 2_000;

/**
 * A reason in the developer's words when the URL may not receive events,
 * checked when an endpoint is saved: a private address in any spelling, a
 * local name, or a name that resolves to a private address now. A name that
 * does not resolve yet is accepted (a tunnel not started); the socket's
 * check refuses it at delivery if it then resolves privately.
 */
export async function refusedTarget(
  url: string,
  resolve: ResolveHost = resolveWithSystem,
): Promise<string | undefined> {
  if (privateTargetsAllowed() || isBuiltInReceiver(url)) return undefined;
  if (!URL.canParse(url)) return privateTargetRefusal;
  const hostname = new URL(url).hostname;
  const verdict = judgeHost(hostname);
  if (verdict === "public") return undefined;
  if (verdict === "refused") return privateTargetRefusal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const addresses = await Promise.race([
    resolve(hostname).catch(() => []),
    new Promise<string[]>((done) => (timer = setTimeout(() => done([]), saveLookupMs))),
  ]);
  clearTimeout(timer);
  return addresses.every(isPublicAddress) ? undefined : privateTargetRefusal;
}
