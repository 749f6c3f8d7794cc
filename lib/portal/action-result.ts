/**
 * What every staff server action answers. A refusal says why in the
 * console's words; `fieldErrors` are keyed by the form's field names.
 */
export type StaffActionResult<T = undefined> =
  | { ok: true; data: T }
  | {
      ok: false;
      /**
       * unauthenticated: no live staff session; forbidden: not for this role (or
       * not from this site); invalid: the input (a reason missing...); refused:
       * the portal, the service or the saga said no; unavailable: the service
       * did not answer; failed: something unexpected, with a reference.
       */
      code: "unauthenticated" | "forbidden" | "invalid" | "refused" | "unavailable" | "failed";
      message: string;
      fieldErrors?: Record<string, string>;
      /** The request id, to quote: the audit trail and the logs carry it. */
      reference?: string;
    };
