/**
 * What every server action answers: the member's, the staff console's and
 * the developer console's alike. A refusal says why in the reader's words;
 * `fieldErrors` are keyed by the form's field names (a member form's by the
 * request body's path in the service's childError syntax, so the form that
 * built the body maps them back onto its fields).
 */
export type ActionResult<T = undefined, Reason extends string = never> = { ok: true; data: T } | ActionRefusal<Reason>;

/** The refusal half of an action's result. */
export interface ActionRefusal<Reason extends string = never> {
  ok: false;
  /**
   * unauthenticated: no live session; forbidden: not for this role (or not
   * from this site); invalid: the input (a reason missing...); refused: the
   * portal, the service or the saga said no; unavailable: the service did
   * not answer; failed: something unexpected, with a reference.
   */
  code: ActionRefusalCode;
  /** What the domain said no for, where the page acts on it (a quote that expired: price again). */
  reason?: Reason;
  message: string;
  fieldErrors?: Record<string, string>;
  /** The request id, to quote: the audit trail and the logs carry it. */
  reference?: string;
}

export type ActionRefusalCode = "unauthenticated" | "forbidden" | "invalid" | "refused" | "unavailable" | "failed";

/** The staff console's actions answer the same type (no domain reasons: the message says it). */
export type StaffActionResult<T = undefined> = ActionResult<T>;

/** A refusal, as actions and the helpers that word the service's refusals build it. */
export function refusal<Reason extends string = never>(
  code: ActionRefusalCode,
  message: string,
  details: { reason?: NoInfer<Reason>; fieldErrors?: Record<string, string>; reference?: string } = {},
): ActionRefusal<Reason> {
  return { ok: false, code, message, ...details };
}

/** Whether what a step answered is a refusal to hand back as it is (the action builder's early returns). */
export const isRefusal = <Reason extends string = never>(answer: unknown): answer is ActionRefusal<Reason> =>
  typeof answer === "object" && answer !== null && (answer as { ok?: unknown }).ok === false;

/** The success of an action that answers nothing more. */
export const done: ActionResult<undefined, never> = { ok: true, data: undefined };
