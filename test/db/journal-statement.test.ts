import { eq, getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, transactions } from "@/server/loyalty/ledger/ledger-tables";
import { members } from "@/server/loyalty/members/member-tables";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { journalRowFromSql } from "@/server/loyalty/ledger/journal-row";
import {
  runJournalEntryStatement,
  journalInsertColumns,
  type JournalEntryInput,
} from "@/server/loyalty/ledger/post-journal-entry";
import { newServiceReference, newTransactionIdentifier } from "@/server/loyalty/ledger/transaction-identifiers";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const tableColumnNames = Object.values(getTableColumns(transactions)).map((column) => column.name);

async function debitInput(): Promise<JournalEntryInput> {
  const db = database.db();
  const [partner] = await db.select().from(partners).where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .innerJoin(members, eq(members.id, accounts.memberId))
    .where(eq(members.membershipNumber, "3081000000000001"));
  // Every column gets a value, so a column the mapping dropped or swapped shows.
  return {
    identifier: newTransactionIdentifier(),
    serviceReference: newServiceReference(),
    account: { id: account!.id },
    partnerId: partner!.id,
    kind: "DEBIT",
    pointsDelta: -7n,
    description: "MAPPING",
    externalTransactionIdentifier: `MAP${Date.now()}`,
    externalTransactionDate: new Date("2026-01-15T10:00:00.123Z"),
    externalReferenceIdentifier: "REF1",
    externalReferenceDescription: "Mapping test",
    externalPartnerIdentifier: "WEB",
    externalSource: "DEMOSHOP",
    productSummary: [{ productInstanceIdentifier: "P1", productTypeSummary: "SEAT" }],
    agentId: "AGENT7",
    reversedTransactionId: null,
    dateMade: new Date("2026-02-01T08:30:00.456Z"),
  };
}

describe("the ledger statement and the journal table", () => {
  it("inserts every column of the Drizzle table but the generated id", () => {
    expect([...journalInsertColumns].sort()).toEqual(tableColumnNames.filter((name) => name !== "id").sort());
    expect(new Set(journalInsertColumns).size).toBe(journalInsertColumns.length);
  });

  it("returns every column, and its row maps to exactly what the ORM reads back", async () => {
    const input = await debitInput();
    const [raw] = await runJournalEntryStatement(database.db(), input);
    expect(Object.keys(raw!).sort()).toEqual([...tableColumnNames].sort());
    const entry = journalRowFromSql(raw!);
    const [stored] = await database.db().select().from(transactions).where(eq(transactions.id, entry.id));
    expect(entry).toEqual(stored);
    const { account: _account, ...written } = input;
    expect(entry).toMatchObject({ ...written, productSummary: input.productSummary });
  });
});
