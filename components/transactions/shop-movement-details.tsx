import Link from "next/link";
import { formatShortDate } from "@/lib/portal/format";
import type { ShopMovement } from "@/lib/portal/transaction-rows";

/** A shop order's movement: the product, what happened to the points, and the order it belongs to. */
export function ShopMovementDetails({ movement }: { movement: ShopMovement }) {
  const used = movement.movement === "points_used";
  return (
    <>
      <span className="block font-medium break-words text-slate-900">
        {used ? movement.productName : `Points returned: ${movement.productName}`}
      </span>
      <span className="mt-0.5 block text-xs break-words text-slate-600">
        {used ? "Points used for " : "Returns the points used for "}
        <Link
          href={`/orders/${encodeURIComponent(movement.id)}`}
          className="rounded text-brand-700 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          order {movement.orderNumber}
        </Link>
        {!used && movement.debitedAt ? <> on {formatShortDate(movement.debitedAt)}</> : null}
      </span>
    </>
  );
}
