import * as chargesRoute from "@/app/payments-sandbox/v1/charges/route";
import * as refundsRoute from "@/app/payments-sandbox/v1/charges/[chargeId]/refunds/route";
import * as tokensRoute from "@/app/payments-sandbox/v1/tokens/route";
import { afterAll, beforeAll, vi } from "vitest";
import { env, resetEnvironmentCache } from "@/server/config/env";
import { callRoute, type RouteAnswer } from "./call-route";

import { cardBody } from "./payment-cards";

export { cardBody, nextYear, testCards, validCard } from "./payment-cards";

export const publishableAuth = () => ({ Authorization: `Bearer ${env().PAYMENTS_PUBLISHABLE_KEY}` });
export const secretAuth = () => ({ Authorization: `Bearer ${env().PAYMENTS_SECRET_KEY}` });

const json = { "Content-Type": "application/json" };

export function postToken(body: unknown, headers: Record<string, string> = publishableAuth()): Promise<RouteAnswer> {
  return callRoute(tokensRoute, {
    method: "POST",
    url: "/payments-sandbox/v1/tokens",
    headers: { ...json, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A fresh token of a test card, through the route. */
export async function tokenOf(number: string): Promise<string> {
  const answer = await postToken(cardBody(number));
  if (answer.status !== 201) throw new Error(`tokenise answered ${answer.status}: ${answer.text}`);
  return (answer.json as { token: string }).token;
}

export function chargeBody(token: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    token,
    amount: 9000,
    currency: "GBP",
    description: "Flight LHR-MAD",
    merchant_reference: "order-1",
    ...overrides,
  };
}

export function postCharge(
  body: unknown,
  idempotencyKey: string | undefined,
  headers: Record<string, string> = secretAuth(),
): Promise<RouteAnswer> {
  return callRoute(chargesRoute, {
    method: "POST",
    url: "/payments-sandbox/v1/charges",
    headers: {
      ...json,
      ...headers,
      ...(idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey }),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export function lookUpCharge(query: string, headers: Record<string, string> = secretAuth()): Promise<RouteAnswer> {
  return callRoute(chargesRoute, { method: "GET", url: `/payments-sandbox/v1/charges${query}`, headers });
}

export function postRefund(
  chargeId: string,
  idempotencyKey: string | undefined,
  body?: unknown,
  headers: Record<string, string> = secretAuth(),
): Promise<RouteAnswer> {
  return callRoute(refundsRoute, {
    method: "POST",
    url: `/payments-sandbox/v1/charges/${chargeId}/refunds`,
    params: { chargeId },
    headers: {
      ...(body === undefined ? {} : json),
      ...headers,
      ...(idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The one error shape, with nothing else in it. */
export function errorOf(answer: RouteAnswer): {
  type: string;
  code: string;
  message: string;
  param?: string;
  charge?: string;
} {
  const body = answer.json as { error?: { type: string; code: string; message: string; param?: string } };
  if (!body?.error) throw new Error(`not an error body: ${answer.text}`);
  return body.error;
}

/**
 * The checkout tests' timeout card and payments client: the client gives up
 * well before the card answers, and well after any other call answers on a
 * busy 2-core machine (at 100–150 ms ordinary calls sometimes timed out
 * under load, and the tests failed now and then).
 */
export const timeoutCardDelayMs = 1_800;
export const paymentsClientTimeoutMs = 600;

/** Makes the timeout card answer after `delayMs` (and the client give up well before) in this test file. */
export function setupTimeoutCardDelay(delayMs: number): void {
  beforeAll(() => {
    vi.stubEnv("PAYMENTS_TIMEOUT_MS", String(Math.max(100, Math.floor(delayMs / 4))));
    vi.stubEnv("PAYMENTS_SANDBOX_TIMEOUT_DELAY_MS", String(delayMs));
    resetEnvironmentCache();
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    resetEnvironmentCache();
  });
}
