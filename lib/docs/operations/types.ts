import type { z } from "zod";
import type { ErrorShape } from "@/lib/contract/error-body";

export type OperationId =
  | "retrieveProgrammeList"
  | "retrieveProgramme"
  | "retrieveAccount"
  | "retrieveOwnTransactions"
  | "retrieveAccountTransactions"
  | "creditCurrency"
  | "debitCurrency"
  | "reverseTransaction"
  | "registerAccount"
  | "updateMembership"
  | "retrieveMembership"
  | "retrieveProductPrices"
  | "retrieveRequestLog";

export type Tag = "Programmes" | "Accounts and transactions" | "Points" | "Memberships" | "Pricing" | "Request log";

/**
 * What a partner operation needs besides the api_key: nothing, the member's
 * token, or the member's token only when the body names a member (P9).
 */
export type TokenRequirement = "none" | "member" | "member-when-named";

export type DocumentedHeader =
  "X-Forwarded-For" | "X-Agent-Id" | "svc_client_applicationName" | "svc_client_application_name" | "Idempotency-Key";

export interface Example<Value = unknown> {
  summary: string;
  value: Value;
}

/** One request body schema and its examples, per version the operation is served on. */
export interface DocumentedBody {
  schema: z.ZodType;
  examples: Record<string, Example>;
}

/**
 * A partner operation as the documentation describes it. Schemas are the
 * contract's own (lib/contract), so the OpenAPI document, the route and the
 * client cannot drift apart; parameter names are the spec's.
 */
export interface DocumentedOperation {
  id: OperationId;
  /** The spec's number, e.g. `P1`, or `Extension`. */
  spec: string;
  summary: string;
  description: string;
  tag: Tag;
  method: "get" | "post" | "patch";
  versions: readonly string[];
  /** The path after `/api/{version}`, with the spec's parameter names. */
  path: string;
  /** Also served under `/api/test/{version}` (spec, Versioning). */
  testPath: boolean;
  errorShape: ErrorShape;
  token: TokenRequirement;
  /** OAuth scope the member token must carry. */
  scope?: string;
  headers: { name: DocumentedHeader; required: boolean }[];
  pathParameters?: z.ZodObject;
  query?: z.ZodObject;
  body?: (version: string) => DocumentedBody;
  success: {
    status: 200 | 201 | 204;
    description: string;
    schema?: z.ZodType;
    examples?: Record<string, Example>;
  };
}
