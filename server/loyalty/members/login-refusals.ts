import type { AccountStatus } from "@/server/loyalty/ledger/ledger-tables";

/**
 * E1 lists the statuses that refuse a login: customer status inactive,
 * account blocked, account status fraud (and an expired password). No other:
 * a cancelled, deceased or group account logs in and gets its refusal from
 * the operation it calls (P2 ACCOUNT_NOT_FOUND, P6 ACCOUNT_NOT_AUTHORIZED).
 * The token services (A2, A4, refresh) check the same list again, since the
 * status may have changed since the login.
 */
export const loginRefusalReasons = {
  INACTIVE: "customer status inactive",
  BLOCKED: "account blocked",
  FRAUD: "account status fraud",
} as const satisfies Partial<Record<AccountStatus, string>>;

type RefusedStatus = keyof typeof loginRefusalReasons;

export function isRefusedAtLogin(status: AccountStatus): status is RefusedStatus {
  return Object.hasOwn(loginRefusalReasons, status);
}
