import type { Transaction } from "@/server/db/schema";

type RawRow = Record<string, unknown>;

const toBigInt = (value: unknown): bigint => BigInt(value as string | number | bigint);
const toOptionalBigInt = (value: unknown): bigint | null =>
  value === null || value === undefined ? null : toBigInt(value);
const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(value as string));
const toOptionalDate = (value: unknown): Date | null => (value === null || value === undefined ? null : toDate(value));
const toOptionalString = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** A `RETURNING *` row of loyalty.transactions from raw SQL, typed like the ORM's rows (both drivers). */
export function journalRowFromSql(row: RawRow): Transaction {
  return {
    id: toBigInt(row.id),
    identifier: String(row.identifier),
    accountId: Number(row.account_id),
    partnerId: row.partner_id === null ? null : Number(row.partner_id),
    kind: row.kind as Transaction["kind"],
    pointsDelta: toBigInt(row.points_delta),
    description: toOptionalString(row.description),
    externalTransactionIdentifier: toOptionalString(row.external_transaction_identifier),
    externalTransactionDate: toOptionalDate(row.external_transaction_date),
    externalReferenceIdentifier: toOptionalString(row.external_reference_identifier),
    externalReferenceDescription: toOptionalString(row.external_reference_description),
    externalPartnerIdentifier: toOptionalString(row.external_partner_identifier),
    externalSource: toOptionalString(row.external_source),
    serviceReference: toOptionalString(row.service_reference),
    productSummary:
      typeof row.product_summary === "string" ? JSON.parse(row.product_summary) : (row.product_summary ?? null),
    requestFingerprint: toOptionalString(row.request_fingerprint),
    reversedTransactionId: toOptionalBigInt(row.reversed_transaction_id),
    dateMade: toDate(row.date_made),
    agentId: toOptionalString(row.agent_id),
  };
}
