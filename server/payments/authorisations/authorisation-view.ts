import type { Authorisation } from "@/lib/payments-contract/contract";
import type { AuthorisationRecord } from "./find-authorisation";

/** What became of the authorisation by `now`: a void or a successful capture first, then its lapse. */
export function authorisationStatus(record: AuthorisationRecord, now: Date): Authorisation["status"] {
  const { authorisation } = record;
  if (authorisation.status !== "authorised") return authorisation.status as "declined" | "failed";
  if (record.captures.some((capture) => capture.status === "succeeded")) return "captured";
  if (record.void) return "voided";
  return authorisation.expiresAt.getTime() <= now.getTime() ? "expired" : "authorised";
}

/** An authorisation as the API shows it. */
export function authorisationView(record: AuthorisationRecord, now = new Date()): Authorisation {
  const { authorisation } = record;
  const captured = record.captures.find((capture) => capture.status === "succeeded");
  const lastFailure = captured ? undefined : record.captures.find((capture) => capture.status === "failed");
  return {
    object: "authorisation",
    id: authorisation.id,
    status: authorisationStatus(record, now),
    amount: authorisation.amount,
    amount_captured: captured?.amount ?? 0,
    charge: captured?.chargeId ?? null,
    currency: authorisation.currency as Authorisation["currency"],
    description: authorisation.description,
    merchant_reference: authorisation.merchantReference,
    card: { brand: authorisation.cardBrand as Authorisation["card"]["brand"], last4: authorisation.cardLast4 },
    failure_code: (authorisation.failureCode ?? lastFailure?.failureCode ?? null) as Authorisation["failure_code"],
    created: authorisation.createdAt.toISOString(),
    expires_at: authorisation.expiresAt.toISOString(),
  };
}
