import type { Charge } from "@/lib/payments-contract/contract";
import type { ChargeRow, RefundRow } from "../db/schema";

/** A charge as the API shows it, with its refund when there is one. */
export function chargeView(charge: ChargeRow, refund: RefundRow | undefined): Charge {
  return {
    object: "charge",
    id: charge.id,
    status: charge.status as Charge["status"],
    amount: charge.amount,
    currency: charge.currency as Charge["currency"],
    description: charge.description,
    merchant_reference: charge.merchantReference,
    card: { brand: charge.cardBrand as Charge["card"]["brand"], last4: charge.cardLast4 },
    failure_code: (charge.failureCode ?? null) as Charge["failure_code"],
    refunded: refund !== undefined,
    amount_refunded: refund?.amount ?? 0,
    refund: refund?.id ?? null,
    created: charge.createdAt.toISOString(),
  };
}
