import "server-only";
import type { TransactionsVariant } from "@/lib/contract/retrieve-transactions";
import { defaultLocale, type Locale } from "@/lib/i18n/locales";
import {
  pagePosition,
  planTransactionRequest,
  transactionsPageSize,
  type PagePosition,
  type TransactionFilters,
} from "@/lib/portal/transaction-paging";
import { toTransactionRows, type TransactionRow } from "@/lib/portal/transaction-rows";
import { primaryProgramme } from "@/server/portal/auth/loyalty-provider";
import type { MemberSession } from "@/server/portal/auth/member-session";
import { customerIp } from "@/server/portal/customer-ip";
import { loyaltyService } from "@/server/portal/loyalty-service";
import { nameShopMovements } from "./name-shop-movements";

/** The primary programme has its own variant of P3 (member from the token, records 1–20). */
export function transactionsVariant(programme: string): TransactionsVariant {
  return programme === primaryProgramme ? "primary" : "other";
}

export interface TransactionPage {
  rows: TransactionRow[];
  hasNext: boolean;
  /** Page 2 of 3 (or of 6 or more): read in the same call, a few pages ahead. */
  position: PagePosition;
}

/** One page of the member's history (P3), with whether another follows and how many pages there are. */
export async function loadTransactionPage(
  session: MemberSession,
  filters: TransactionFilters,
  locale: Locale = defaultLocale,
): Promise<TransactionPage> {
  const variant = transactionsVariant(session.programme);
  const answer = await loyaltyService().retrieveTransactions(
    variant,
    session.programme,
    session.membershipNumber,
    planTransactionRequest(variant, filters),
    { accessToken: session.accessToken, customerIp: await customerIp() },
  );
  const rows = toTransactionRows(answer);
  const page = await nameShopMovements(
    session.membershipNumber,
    rows.slice(0, transactionsPageSize),
    undefined,
    locale,
  );
  return {
    rows: page,
    hasNext: rows.length > transactionsPageSize,
    position: pagePosition(variant, filters, rows.length),
  };
}
