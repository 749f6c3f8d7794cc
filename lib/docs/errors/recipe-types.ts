import type { OperationId } from "@/lib/docs/operations/types";

/** An HTTP request a partner can send to the sandbox as it is. */
export interface RecipeRequest {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** The path from the origin, e.g. `/api/v1/programmes/NORTHSTAR`. */
  path: string;
  /** Query parameters besides api_key. */
  query?: Record<string, string>;
  /** The api_key to send; the Demo Partner's staging key when omitted, none when null. */
  apiKey?: string | null;
  headers?: Record<string, string>;
  /** Sent as JSON (with Content-Type application/json unless headers say otherwise). */
  body?: unknown;
  /**
   * A sandbox member logs in first (authorization code with PKCE, as in the
   * quickstart) and the access token goes in `Authorization: Bearer`.
   */
  memberToken?: { username: string; scope?: string };
}

/** How to make the sandbox answer one catalogue entry, or why no request can. */
export type ErrorRecipe =
  | {
      kind: "recipe";
      operation: OperationId | "unknown-path";
      /** Why this request is refused, in one sentence. */
      why: string;
      request: RecipeRequest;
    }
  | { kind: "unreachable"; reason: string };
