import { desc, eq, gt } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { revealProfileAction } from "@/server/portal/staff/actions/reveal-profile-action";
import EditMemberPage from "@/app/staff/(console)/members/[membershipNumber]/edit/page";
import { members, telecomAddresses } from "@/server/loyalty/members/member-tables";
import { staffAuditEvents } from "@/server/portal/db/schema";
import { checkoutFetch } from "../support/checkout-harness";
import { withEnglishMessages } from "../support/render";
import { newStaffRequest, signInAs } from "../support/staff-request";
import { setupTestDatabase } from "../support/test-database";

vi.mock("next/headers", async () => (await import("../support/staff-request")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

process.env.NEXTAUTH_SECRET ??= "staff-edit-page-test-secret-of-at-least-thirty-two-characters";

const { db } = setupTestDatabase();
const member = "3081000000000001";

beforeAll(() => {
  // The portal reaches the service over HTTP; here each request goes to the app's own route handler.
  vi.stubGlobal("fetch", checkoutFetch().fetch);
});
beforeEach(() => newStaffRequest());

async function latestAuditId(): Promise<number> {
  const [row] = await db().select().from(staffAuditEvents).orderBy(desc(staffAuditEvents.id)).limit(1);
  return row?.id ?? 0;
}

const auditSince = (id: number) => db().select().from(staffAuditEvents).where(gt(staffAuditEvents.id, id));

/**
 * The edit page as the server renders it for the signed-in member of staff:
 * its markup, and everything its components are handed (what Next.js sends
 * the browser as the page's payload: client components' props included).
 */
async function editPage(): Promise<string> {
  const page = await EditMemberPage({ params: Promise.resolve({ membershipNumber: member }) });
  // Inside the provider the root layout gives every page (staff pages are English).
  const markup = renderToStaticMarkup(withEnglishMessages(page));
  return `${markup}\n${JSON.stringify(page)}`;
}

/** The member's email as the service holds it (read by an ADMIN's page, which shows it in full). */
let fullEmail: string;
/** The member's mobile number as the service holds it; only its last two digits may show masked. */
const fullPhone = "7700900417";

describe("the profile edit page: contact details masked for an agent until the audited reveal", () => {
  beforeAll(async () => {
    // The sandbox's members have no email on file: this one gets one, as the service stores it.
    fullEmail = "ALEX.PRIVATE.ADDRESS@EXAMPLE.COM";
    const [row] = await db()
      .update(members)
      .set({ emailAddress: fullEmail })
      .where(eq(members.membershipNumber, member))
      .returning({ id: members.id });
    await db().delete(telecomAddresses).where(eq(telecomAddresses.memberId, row!.id));
    await db()
      .insert(telecomAddresses)
      .values({ memberId: row!.id, type: "PERSONAL", deviceType: "MOBILE", countryCode: "44", number: fullPhone });
    newStaffRequest();
    await signInAs(db(), "staff.admin");
    const adminPage = await editPage();
    expect(adminPage).toContain(fullEmail);
    expect(adminPage).toContain(fullPhone);
  });

  it("shows an agent the email and phone partly hidden, and no form holding them, with the view audited as masked", async () => {
    await signInAs(db(), "staff.agent");
    const before = await latestAuditId();
    const html = await editPage();
    expect(html).not.toContain(fullEmail);
    expect(html).toContain(`${fullEmail.charAt(0)}••••${fullEmail.slice(fullEmail.lastIndexOf("@"))}`);
    // The phone number too: neither whole nor its first eight digits anywhere in the page or its payload.
    expect(html).not.toContain(fullPhone.slice(0, 8));
    expect(html).toContain(`••••••${fullPhone.slice(-2)}`);
    expect(html).not.toContain('name="email"');
    expect(html).not.toMatch(/name="mobile/);
    expect(html).toContain("Reveal contact details and edit");
    const rows = await auditSince(before);
    expect(rows.map((row) => [row.action, row.actor, (row.after as { contact?: string }).contact])).toEqual([
      ["member.viewed", "staff.agent", "masked"],
    ]);
  });

  it("opens the form in full for an agent who reveals them (a POST), recorded once; a reload hides them again", async () => {
    await signInAs(db(), "staff.agent");
    const before = await latestAuditId();
    const revealed = await revealProfileAction({ membershipNumber: member });
    expect(revealed.ok).toBe(true);
    if (!revealed.ok) return;
    expect(revealed.data.member.person.emailAddresses?.preferredEmailAddress.emailAddress).toBe(fullEmail);
    expect(JSON.stringify(revealed.data)).toContain(fullPhone);
    const rows = await auditSince(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "member.contact_revealed",
      actor: "staff.agent",
      membershipNumber: member,
    });
    expect(JSON.stringify(rows[0]!.after)).not.toContain(fullEmail);
    expect(JSON.stringify(rows[0]!.after)).not.toContain(fullPhone);
    expect(rows[0]!.after).toMatchObject({ revealed: ["email", "Mobile"] });

    // Reloading the page (a GET, whatever its URL says) reveals nothing and records no reveal.
    const reload = await latestAuditId();
    const html = await editPage();
    expect(html).not.toContain(fullEmail);
    expect((await auditSince(reload)).map((row) => row.action)).toEqual(["member.viewed"]);
  });

  it("shows an administrator the form in full at once, recorded as a full view", async () => {
    await signInAs(db(), "staff.admin");
    const before = await latestAuditId();
    expect(await editPage()).toContain(fullEmail);
    const rows = await auditSince(before);
    expect(rows.map((row) => [row.action, (row.after as { contact?: string }).contact])).toEqual([
      ["member.viewed", "full"],
    ]);
  });
});
