import { primaryProgramme } from "@/lib/contract/primary-programme";
import "server-only";
import type { CreditRequest } from "@/lib/contract/credit-currency";
import { LoyaltyApiError } from "@/lib/loyalty-client/errors";
import { loyaltyService } from "@/server/portal/loyalty-service";
import type { AuditAction } from "@/lib/portal/staff/audit-actions";
import type { AuditSubject } from "./append-audit-event";
import { performStaffAdjustment, settleStaffAdjustment } from "./settle-staff-adjustment";
import type { StaffAdjustment } from "./record-staff-adjustment";
import type { StaffAuditContext } from "./staff-action-audit";
import { ownProgramme, readMemberAccount, readMemberProfile } from "./read-member";
import { StaffRefusal } from "./staff-refusal";
import type { StaffSession } from "./staff-session";

/** P4 credits the primary programme only. */
export const creditProgramme = primaryProgramme;
/** What the member's history shows for a goodwill credit (P4's description and source rules: no spaces). */
export const goodwillDescription = "Goodwill";
export const goodwillSource = "CUSTCARE";

export interface GoodwillCredit {
  membershipNumber: string;
  points: number;
  /** One per form shown: the credit's identifier and Idempotency-Key derive from it, so a double submit credits once. */
  formKey: string;
}

export interface PlannedGoodwillCredit {
  body: CreditRequest;
  idempotencyKey: string;
  audit: AuditSubject;
}

/**
 * Reads the member (family name for P4's name check, programme, balance
 * before) as the agent and builds the credit. Only members of the primary
 * programme can be credited (P4's rule).
 */
export async function planGoodwillCredit(
  staff: StaffSession,
  credit: GoodwillCredit,
  now: Date,
): Promise<PlannedGoodwillCredit> {
  const profile = await readMemberProfile(staff, credit.membershipNumber);
  if (!profile.ok) throw new StaffRefusal("There is no member of ours with this membership number.");
  const programme = ownProgramme(profile.value);
  if (programme !== creditProgramme) {
    throw new StaffRefusal("Goodwill points can be credited to Northstar Club members only.");
  }
  const account = await readMemberAccount(staff, programme, credit.membershipNumber);
  const balanceBefore = account.ok ? account.value.balance?.amount : undefined;
  return {
    body: {
      description: goodwillDescription,
      monetaryAmount: { amount: String(credit.points), currency: { currencyCode: "POINTS" } },
      externalTransactionIdentifier: `GOODWILL ${credit.formKey}`,
      // The day, not the instant: a double submission sends the same body, which the Idempotency-Key replays.
      externalTransactionDate: now.toISOString().slice(0, 10),
      externalSource: goodwillSource,
      type: "COLLECTION",
      person: { name: { familyName: profile.value.member.person.name.familyName } },
    },
    idempotencyKey: `goodwill-${credit.formKey}`,
    audit: {
      targetType: "member",
      targetId: credit.membershipNumber,
      membershipNumber: credit.membershipNumber,
      before: { balance: balanceBefore ?? null },
      after: { points: credit.points, creditIdentifier: `GOODWILL ${credit.formKey}` },
    },
  };
}

/**
 * Sends the credit (P4) with its Idempotency-Key; answers the balance after, when the service tells it. The credit's
 * identifier is its form's own (`GOODWILL <form key>`): a duplicate of it is this very credit, made by an earlier
 * attempt whose key the service no longer keeps (past its retention), so it is done, not refused.
 */
export async function sendGoodwillCredit(
  staff: StaffSession,
  credit: GoodwillCredit,
  planned: PlannedGoodwillCredit,
): Promise<GoodwillCreditDone> {
  const dateMade = await loyaltyService()
    .creditAccount(credit.membershipNumber, planned.body, {
      agentId: staff.agentId,
      idempotencyKey: planned.idempotencyKey,
    })
    .then(
      (answer) => answer.dateMade,
      (error: unknown) => {
        if (error instanceof LoyaltyApiError && error.has("DUPLICATE_TRANSACTION")) return null;
        throw error;
      },
    );
  const account = await readMemberAccount(staff, creditProgramme, credit.membershipNumber);
  return {
    points: credit.points,
    balanceAfter: account.ok ? (account.value.balance?.amount ?? null) : null,
    dateMade,
  };
}

export interface GoodwillCreditDone {
  points: number;
  balanceAfter: number | null;
  /** When the service made it; null when an earlier attempt made it and the service no longer replays its answer. */
  dateMade: string | null;
}

/**
 * Performs a stored goodwill credit (approved: by its maker within the
 * threshold, or by a second administrator): the audit rows around the call
 * (as `points.credited`, with the adjustment's reason and code), P4 with the
 * Idempotency-Key of the adjustment's form, then the adjustment's outcome.
 * Sent again (a retry, a double click, "Send again" on an unknown outcome),
 * the body is the same (its date is the day of the approval, or of the
 * credit), so the service replays the credit.
 */
export async function performGoodwillCredit(
  context: { staff: StaffSession } & Pick<StaffAuditContext, "db" | "remote" | "notSent">,
  adjustment: StaffAdjustment,
  as?: AuditAction,
): Promise<GoodwillCreditDone> {
  const { staff, db, remote, notSent } = context;
  const credit = {
    membershipNumber: adjustment.membershipNumber,
    points: adjustment.points!,
    formKey: adjustment.formKey,
  };
  // The day the credit was put in motion, not today: sent again later, the body is the same one, so the service
  // replays it under its Idempotency-Key instead of refusing the key as reused for another body.
  const day = adjustment.decidedAt ?? adjustment.requestedAt;
  const requested = {
    reasonCode: adjustment.reasonCode,
    ...(adjustment.reason ? { reason: adjustment.reason } : {}),
  };
  const decided = adjustment.decidedBy ? { requestedBy: adjustment.requestedBy, approvedBy: adjustment.decidedBy } : {};
  const planned = await planGoodwillCredit(staff, credit, day).catch(async (error: unknown) => {
    // The member could not be read: nothing was sent, and the adjustment says why; so does the trail, which would
    // otherwise show the approval alone, as if the credit had followed.
    await settleStaffAdjustment(db, adjustment.id, { error }, new Date());
    const member = credit.membershipNumber;
    await notSent({ targetType: "member", targetId: member, membershipNumber: member, ...requested }, error, as);
    throw error;
  });
  const audit: AuditSubject = {
    ...planned.audit,
    ...requested,
    after: { ...(planned.audit.after as object), ...decided },
  };
  return remote(
    audit,
    async () => {
      const result = await performStaffAdjustment(
        db,
        adjustment.id,
        () => sendGoodwillCredit(staff, credit, planned),
        (done) => ({ balanceAfter: done.balanceAfter, dateMade: done.dateMade }),
      );
      return { result, after: { ...(audit.after as object), balance: result.balanceAfter, dateMade: result.dateMade } };
    },
    as,
  );
}
