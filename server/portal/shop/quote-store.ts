import "server-only";
import { and, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { priceOptionSchema, type PriceOption } from "@/lib/contract/product-pricing";
import type { Database } from "@/server/portal/db/portal-database";
import { quotes } from "@/server/portal/db/schema";

/** A quote holds for 15 minutes; after that the product is priced again. */
export const QUOTE_LIFETIME_MS = 15 * 60_000;

export interface QuoteMember {
  membershipNumber: string;
  programme: string;
}

export interface NewQuote {
  productId: string;
  priceMinor: number;
  currency: string;
  balance: number | undefined;
  options: PriceOption[];
}

export interface Quote extends NewQuote {
  id: string;
  membershipNumber: string;
  programme: string;
  pricedAt: Date;
  expiresAt: Date;
}

const storedOptionsSchema = z.array(priceOptionSchema);

/** Keeps the service's answer for this member, valid until `pricedAt` + 15 minutes. */
export async function saveQuote(db: Database, member: QuoteMember, quote: NewQuote, pricedAt: Date): Promise<Quote> {
  const [row] = await db
    .insert(quotes)
    .values({
      membershipNumber: member.membershipNumber,
      programme: member.programme,
      productId: quote.productId,
      priceMinor: quote.priceMinor,
      currency: quote.currency,
      balance: quote.balance ?? null,
      options: quote.options,
      pricedAt,
      expiresAt: new Date(pricedAt.getTime() + QUOTE_LIFETIME_MS),
    })
    .returning();
  return toQuote(row!);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The member's own quote, if it has not expired at `now`. Another member's
 * quote, an expired one and a malformed id all read as none: the caller
 * prices again rather than use a stale price.
 */
export async function findValidQuote(
  db: Database,
  quoteId: string,
  member: QuoteMember,
  now: Date,
): Promise<Quote | undefined> {
  if (!uuidPattern.test(quoteId)) return undefined;
  const [row] = await db
    .select()
    .from(quotes)
    .where(
      and(
        eq(quotes.id, quoteId),
        eq(quotes.membershipNumber, member.membershipNumber),
        eq(quotes.programme, member.programme),
        gt(quotes.expiresAt, now),
      ),
    )
    .limit(1);
  return row ? toQuote(row) : undefined;
}

function toQuote(row: typeof quotes.$inferSelect): Quote {
  return {
    id: row.id,
    membershipNumber: row.membershipNumber,
    programme: row.programme,
    productId: row.productId,
    priceMinor: row.priceMinor,
    currency: row.currency,
    balance: row.balance ?? undefined,
    options: storedOptionsSchema.parse(row.options),
    pricedAt: row.pricedAt,
    expiresAt: row.expiresAt,
  };
}
