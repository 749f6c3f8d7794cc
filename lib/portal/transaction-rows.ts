import type { TransactionsResponse } from "@/lib/contract/retrieve-transactions";

/** One line of the member's history, as the portal shows it. */
export interface TransactionRow {
  identifier: string;
  kind: "credit" | "debit";
  /** As the service sent it: a day (primary variant) or an instant (other variant). */
  dateMade: string;
  description: string;
  points: number;
  reference?: string;
  /** Who credited the points (credits only). */
  source?: string;
  /** A shop order's movement: the points it used, or the return of them (paired with the debit's day). */
  order?: ShopMovement;
}

export interface ShopMovement {
  id: string;
  orderNumber: string;
  productName: string;
  movement: "points_used" | "points_returned";
  /** For a return: when the points it gives back were used. */
  debitedAt?: string;
}

export function toTransactionRows(response: TransactionsResponse): TransactionRow[] {
  return (response.transaction ?? []).map((entry) => {
    if ("creditTransaction" in entry) {
      const credit = entry.creditTransaction;
      return {
        identifier: credit.identifier,
        kind: "credit" as const,
        dateMade: credit.dateMade,
        description: credit.description,
        points: credit.amount.amount,
        reference: credit.externalReferenceIdentifier,
        source: credit.externalSource,
      };
    }
    const debit = entry.debitTransaction;
    return {
      identifier: debit.identifier,
      kind: "debit" as const,
      dateMade: debit.dateMade,
      description: debit.description,
      points: debit.amount.amount,
      reference: debit.externalReferenceIdentifier,
    };
  });
}
