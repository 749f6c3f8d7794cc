import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseAuditSearch } from "@/lib/portal/staff/audit-filters";
import { rowsOf } from "@/server/db/rows";
import { staffAuditEvents } from "@/server/portal/db/schema";
import { appendAuditEvent, type AuditActor } from "@/server/portal/staff/append-audit-event";
import { auditCsvColumns, csvField } from "@/server/portal/staff/audit-csv";
import { exportAuditEvents } from "@/server/portal/staff/export-audit-events";
import { findAuditEvents } from "@/server/portal/staff/find-audit-events";
import { setupTestDatabase } from "../support/test-database";

const { db } = setupTestDatabase();

const admin: AuditActor = { username: "staff.admin", role: "ADMIN", ip: "198.51.100.7", requestId: "req-admin" };
const agent: AuditActor = { username: "staff.agent", role: "AGENT", ip: undefined, requestId: "req-agent" };
const shopper = "3081000000000012";
const member1 = "3081000000000001";
const at = (day: string, time = "12:00:00") => new Date(`${day}T${time}Z`);

/** RFC 4180 parser: quoted fields, doubled quotes, line breaks inside quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const character = text[i]!;
    if (quoted) {
      if (character === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ",") {
      record.push(field);
      field = "";
    } else if (character === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += character;
  }
  expect(field, "the export ends with CRLF").toBe("");
  return records;
}

async function readStream(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

async function refusal(statement: Promise<unknown>): Promise<string> {
  const error = await statement.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, "the statement should be refused").toBeDefined();
  const cause = (error as { cause?: { message?: string } }).cause;
  return `${(error as Error).message} ${cause?.message ?? ""}`;
}

describe("the staff audit trail (portal.staff_audit_events)", () => {
  it("takes new rows, and the database refuses UPDATE, DELETE and TRUNCATE of any row", async () => {
    const row = await appendAuditEvent(db(), admin, {
      action: "member.viewed",
      outcome: "succeeded",
      targetType: "member",
      targetId: shopper,
      membershipNumber: shopper,
    });
    expect(row.id).toBeGreaterThan(0);

    expect(await refusal(db().update(staffAuditEvents).set({ reason: "edited later" }))).toMatch(/append-only/);
    expect(await refusal(db().execute(sql`update portal.staff_audit_events set actor = 'someone'`))).toMatch(
      /append-only \(UPDATE refused\)/,
    );
    expect(await refusal(db().delete(staffAuditEvents))).toMatch(/append-only/);
    expect(await refusal(db().execute(sql`delete from portal.staff_audit_events where id = ${row.id}`))).toMatch(
      /append-only \(DELETE refused\)/,
    );
    expect(await refusal(db().execute(sql`truncate portal.staff_audit_events`))).toMatch(
      /append-only \(TRUNCATE refused\)/,
    );
    const kept = await db().execute(sql`select actor, reason from portal.staff_audit_events where id = ${row.id}`);
    expect(rowsOf(kept)).toEqual([{ actor: "staff.admin", reason: null }]);
  });

  it("exports exactly the filtered rows as CSV, escaping commas, quotes and line breaks, and audits the export", async () => {
    const awkward = 'Member said "it\'s wrong", twice,\nthen called back\r\nagain';
    const wanted = [
      await appendAuditEvent(
        db(),
        admin,
        {
          action: "points.credited",
          outcome: "succeeded",
          targetType: "member",
          targetId: shopper,
          membershipNumber: shopper,
          reason: awkward,
          before: { balance: 60000 },
          after: { points: 500, note: 'a "quoted", value' },
        },
        at("2026-03-10"),
      ),
      // An attempt whose outcome is not known yet (a request of its own): it stays a line of its own.
      await appendAuditEvent(
        db(),
        { ...admin, requestId: "req-admin-pending" },
        { action: "points.credited", outcome: "attempted", membershipNumber: shopper, reason: "=1+2 formula?" },
        at("2026-03-11", "23:59:59"),
      ),
    ];
    // Outside the filter: another actor, another action, another member, another day.
    await appendAuditEvent(
      db(),
      agent,
      { action: "points.credited", outcome: "succeeded", membershipNumber: shopper },
      at("2026-03-10"),
    );
    await appendAuditEvent(
      db(),
      admin,
      { action: "member.viewed", outcome: "succeeded", membershipNumber: shopper },
      at("2026-03-10"),
    );
    await appendAuditEvent(
      db(),
      admin,
      { action: "points.credited", outcome: "succeeded", membershipNumber: member1 },
      at("2026-03-10"),
    );
    await appendAuditEvent(
      db(),
      admin,
      { action: "points.credited", outcome: "succeeded", membershipNumber: shopper },
      at("2026-03-12"),
    );
    await appendAuditEvent(
      db(),
      admin,
      { action: "points.credited", outcome: "succeeded", membershipNumber: shopper },
      at("2026-03-09", "23:59:59"),
    );

    const { filters, problems } = parseAuditSearch({
      actor: "Staff.Admin",
      action: "points.credited",
      member: "3081 0000 0000 0012",
      from: "2026-03-10",
      to: "2026-03-11",
    });
    expect(problems).toEqual([]);

    const page = await findAuditEvents(db(), filters, 1);
    expect(page.rows.map((row) => row.id)).toEqual(wanted.map((row) => row.id).reverse());

    const exportActor: AuditActor = { ...admin, requestId: "req-export" };
    const csv = await readStream(await exportAuditEvents(db(), exportActor, filters));
    const [header, ...records] = parseCsv(csv);
    expect(header).toEqual([...auditCsvColumns]);
    expect(records).toHaveLength(2);
    const byColumn = records.map((record) =>
      Object.fromEntries(auditCsvColumns.map((column, i) => [column, record[i]])),
    );
    expect(byColumn.map((record) => Number(record.id))).toEqual(wanted.map((row) => row.id));
    expect(byColumn[0]).toMatchObject({
      at: "2026-03-10T12:00:00.000Z",
      actor: "staff.admin",
      actor_role: "ADMIN",
      action: "points.credited",
      outcome: "succeeded",
      target_type: "member",
      target_id: shopper,
      membership_number: shopper,
      reason: awkward,
      ip: "198.51.100.7",
      request_id: "req-admin",
    });
    // Before and after as readable fields, not JSON.
    expect(byColumn[0]!.before).toBe("Balance: 60000");
    expect(byColumn[0]!.after).toBe('Note: a "quoted", value; Points: 500');
    // A reason a spreadsheet would run as a formula is kept as text.
    expect(byColumn[1]!.reason).toBe("'=1+2 formula?");

    // The export was audited, and is not in its own file.
    const exported = await findAuditEvents(db(), { action: "audit.exported" }, 1);
    expect(exported.rows).toHaveLength(1);
    expect(exported.rows[0]).toMatchObject({
      actor: "staff.admin",
      requestId: "req-export",
      membershipNumber: shopper,
    });
    expect((exported.rows[0]!.after as { filters: unknown }).filters).toEqual(filters);
    expect(byColumn.some((record) => record.action === "audit.exported")).toBe(false);
  });

  it("shows one line per action: an attempt with its outcome is folded into it, on screen and in the CSV; filters by reason code", async () => {
    const day = "2026-05-02";
    const credit = { ...admin, requestId: "req-folded" };
    // The approval in the same request is an action of its own: a line of its own.
    const approval = await appendAuditEvent(
      db(),
      credit,
      { action: "request.approved", outcome: "succeeded", membershipNumber: member1, reasonCode: "flight_disruption" },
      at(day, "09:59:59"),
    );
    const attempted = await appendAuditEvent(
      db(),
      credit,
      {
        action: "points.credited",
        outcome: "attempted",
        membershipNumber: member1,
        reasonCode: "flight_disruption",
        reason: "Cancelled flight",
        before: { balance: 100 },
        after: { points: 20000 },
      },
      at(day, "10:00:00"),
    );
    const succeeded = await appendAuditEvent(
      db(),
      credit,
      {
        action: "points.credited",
        outcome: "succeeded",
        membershipNumber: member1,
        reasonCode: "flight_disruption",
        reason: "Cancelled flight",
        before: { balance: 100 },
        after: { points: 20000, balance: 20100 },
      },
      at(day, "10:00:02"),
    );
    await appendAuditEvent(
      db(),
      agent,
      { action: "profile.updated", outcome: "succeeded", membershipNumber: member1, reasonCode: "data_correction" },
      at(day),
    );
    await appendAuditEvent(db(), agent, { action: "page.refused", outcome: "refused" }, at(day));

    const { filters } = parseAuditSearch({ from: day, to: day, reason: "flight_disruption" });
    const page = await findAuditEvents(db(), filters, 1);
    expect(page.rows.map((row) => [row.id, row.outcome])).toEqual([
      [succeeded.id, "succeeded"],
      [approval.id, "succeeded"],
    ]);
    expect(page.rows[0]!.attemptedAt?.toISOString()).toBe(attempted.at.toISOString());
    expect(page.rows[1]!.attemptedAt).toBeNull();

    const csv = await readStream(await exportAuditEvents(db(), { ...admin, requestId: "req-fold-export" }, filters));
    const [header, ...records] = parseCsv(csv);
    const byColumn = records.map((record) => Object.fromEntries(header!.map((column, i) => [column, record[i]])));
    expect(byColumn.map((record) => [record.action, record.outcome, record.reason_code])).toEqual([
      ["request.approved", "succeeded", "flight_disruption"],
      ["points.credited", "succeeded", "flight_disruption"],
    ]);
    expect(byColumn[1]).toMatchObject({
      attempted_at: attempted.at.toISOString(),
      before: "Balance: 100",
      after: "Points: 20000; Balance: 20100",
    });

    // The attempted row itself is still in the table.
    const [stored] = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from portal.staff_audit_events where request_id = 'req-folded'`),
    );
    expect(stored!.n).toBe(3);
    // An unknown reason code is a filter problem, not a query.
    expect(parseAuditSearch({ reason: "DROP TABLE" }).problems).toEqual([
      { field: "reason", message: "Choose a reason from the list." },
    ]);
  });

  it("quotes every field and neutralises a formula at the start of any field", () => {
    expect(csvField(null)).toBe('""');
    expect(csvField(42)).toBe('"42"');
    expect(csvField(-42)).toBe(`"'-42"`);
    expect(csvField("plain")).toBe('"plain"');
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField(" padded")).toBe('" padded"');
    expect(csvField("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvField("-2+3,x")).toBe(`"'-2+3,x"`);
    for (const lead of ["=", "+", "-", "@", "\t", "\r"]) expect(csvField(`${lead}1+1`)).toBe(`"'${lead}1+1"`);
  });

  it("keeps a reason that holds ';=' in one cell for a spreadsheet that splits on semicolons", async () => {
    await appendAuditEvent(
      db(),
      admin,
      { action: "points.credited", outcome: "succeeded", membershipNumber: member1, reason: "x;=1+1;y" },
      at("2026-04-01"),
    );
    const { filters } = parseAuditSearch({ from: "2026-04-01", to: "2026-04-01" });
    const csv = await readStream(await exportAuditEvents(db(), { ...admin, requestId: "req-semicolon" }, filters));
    const line = csv.split("\r\n").find((record) => record.includes("x;=1+1;y"));
    expect(line).toBeDefined();
    // Every field quoted: split on ";" outside quotes, the reason stays inside one quoted cell.
    const cells = splitOutsideQuotes(line!, ";");
    expect(cells.some((cell) => /^=/.test(cell))).toBe(false);
    expect(line!.split(",").every((field) => field.startsWith('"') || field === "")).toBe(true);
    expect(line).toContain('"x;=1+1;y"');
  });
});

/** Splits a line on a separator, the way a spreadsheet does: not inside double quotes. */
function splitOutsideQuotes(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (const character of line) {
    if (character === '"') quoted = !quoted;
    else if (character === separator && !quoted) {
      cells.push(cell);
      cell = "";
      continue;
    }
    cell += character;
  }
  cells.push(cell);
  return cells;
}
