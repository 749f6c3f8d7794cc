import { accountResponseSchema, type AccountField } from "@/lib/contract/retrieve-account";
import { membershipResponseSchema } from "@/lib/contract/retrieve-membership";
import { transactionsResponseSchema, type TransactionsVariant } from "@/lib/contract/retrieve-transactions";
import { reverseResponseSchema, type ReverseRequest } from "@/lib/contract/reverse-transaction";

export interface TransactionQuery {
  startRecord?: number;
  endRecord?: number;
  /** `YYYY-MM-DD`, inclusive. */
  dateMadeFrom?: string;
  /** `YYYY-MM-DD`, exclusive. */
  dateMadeTo?: string;
}

const segment = (value: string) => encodeURIComponent(value);

/**
 * What each operation the member's and the agent's calls share sends: method,
 * path, query, headers and the schema of its answer. Who calls (the member's
 * token or an agent's) is added by the caller as the call's context.
 * `applicationName` is the client's `svc_client_applicationName`.
 */
export const partnerRequests = (applicationName: string) => ({
  /** P2. */
  retrieveAccount: (programme: string, membershipNumber: string, fields?: AccountField[]) => ({
    method: "GET" as const,
    path: `/v2/programmes/${segment(programme)}/accounts/${segment(membershipNumber)}`,
    query: { fields: fields?.join(",") },
    responseSchema: accountResponseSchema,
  }),

  /**
   * P3. The primary programme's variant may identify the member by the token
   * alone (`accountInPath: false`, the member's own call); an agent always
   * names the account.
   */
  retrieveTransactions: (
    variant: TransactionsVariant,
    programme: string,
    membershipNumber: string,
    query: TransactionQuery,
    { accountInPath }: { accountInPath: boolean },
  ) => ({
    method: "GET" as const,
    path: accountInPath
      ? `/v1/programmes/${segment(programme)}/accounts/${segment(membershipNumber)}/transactions`
      : `/v1/programmes/${segment(programme)}/accounts/transactions`,
    query: {
      "start-record": query.startRecord?.toString(),
      "end-record": query.endRecord?.toString(),
      "date-made-from": query.dateMadeFrom,
      "date-made-to": query.dateMadeTo,
    },
    headers: variant === "primary" ? ({ svc_client_applicationName: applicationName } as Record<string, string>) : {},
    responseSchema: transactionsResponseSchema,
  }),

  /** The membership read model (an extension; see docs/decisions.md). */
  retrieveMembership: (membershipNumber: string) => ({
    method: "GET" as const,
    path: `/v3/memberships/${segment(membershipNumber)}`,
    responseSchema: membershipResponseSchema,
  }),

  /** P8: 204 with an empty body; send only the changed elements. */
  updateMembership: (membershipNumber: string, body: unknown) => ({
    method: "PATCH" as const,
    path: `/v3/memberships/${segment(membershipNumber)}`,
    body,
    responseSchema: undefined,
  }),

  /** P6. */
  reverseTransaction: (programme: string, membershipNumber: string, body: ReverseRequest) => ({
    method: "POST" as const,
    path: `/v1/programmes/${segment(programme)}/accounts/${segment(membershipNumber)}/reverse-transaction-requests`,
    body,
    responseSchema: reverseResponseSchema,
  }),
});
