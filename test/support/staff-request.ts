import { randomUUID } from "node:crypto";
import type { Database } from "@/server/db/connect";
import { socketAddressHeader } from "@/server/http/client-address";
import { signInStaff } from "@/server/portal/staff/sign-in-staff";

/**
 * The request a staff server action runs in, for tests that call actions
 * directly: its cookies and headers, as next/headers would give them.
 * Mock next/headers with `nextHeadersMock` (vi.mock in the test file).
 */
class CookieJar {
  readonly values = new Map<string, string>();
  get(name: string) {
    const value = this.values.get(name);
    return value === undefined ? undefined : { name, value };
  }
  has(name: string) {
    return this.values.has(name);
  }
  getAll() {
    return [...this.values].map(([name, value]) => ({ name, value }));
  }
  set(name: string, value: string, options: { maxAge?: number } = {}) {
    if (value === "" || options.maxAge === 0) this.values.delete(name);
    else this.values.set(name, value);
    return this;
  }
  delete(name: string) {
    this.values.delete(name);
    return this;
  }
}

export const appOrigin = "http://localhost:3000";
export const staffCookie = "staff_session";

export const staffRequest = {
  jar: new CookieJar(),
  headers: new Headers(),
};

/** A fresh request from the console's own origin, nobody signed in. */
export function newStaffRequest(origin: string | null = appOrigin): void {
  staffRequest.jar = new CookieJar();
  // The address next start's socket gave (server/http/client-address.ts), as the server stamps it.
  staffRequest.headers = new Headers({ host: "localhost:3000", [socketAddressHeader()]: "198.51.100.23" });
  if (origin !== null) staffRequest.headers.set("origin", origin);
}

export const nextHeadersMock = {
  cookies: async () => staffRequest.jar,
  headers: async () => staffRequest.headers,
};

/** Signs a member of staff in (the domain function the login action calls) and puts the cookie in the request. */
export async function signInAs(db: Database, username: string, password = "Sandbox#2026"): Promise<void> {
  const result = await signInStaff(db, {
    username,
    password,
    ip: "198.51.100.23",
    requestId: randomUUID(),
    lifetime: { maxMinutes: 480, idleMinutes: 30 },
    now: new Date(),
  });
  if (result.outcome !== "signed-in") throw new Error(`${username} could not sign in: ${result.message}`);
  staffRequest.jar.set(staffCookie, result.sessionId);
}
