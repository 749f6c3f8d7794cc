import type { z } from "zod";
import type { CreditRequest } from "@/lib/contract/credit-currency";
import { creditResponseSchema } from "@/lib/contract/credit-currency";
import { primaryProgramme } from "@/lib/contract/primary-programme";
import { debitResponseSchema, type DebitRequest } from "@/lib/contract/debit-currency";
import {
  productPriceRequestSchema,
  productPriceResponseSchema,
  type ProductPriceRequest,
} from "@/lib/contract/product-pricing";
import type { AccountField } from "@/lib/contract/retrieve-account";
import { requestLogResponseSchema, type RequestLogQuery } from "@/lib/contract/request-log";
import { programmeListResponseSchema, programmeResponseSchema } from "@/lib/contract/retrieve-programme";
import type { TransactionsVariant } from "@/lib/contract/retrieve-transactions";
import type { ReverseRequest } from "@/lib/contract/reverse-transaction";
import { agentOperations } from "./agent-operations";
import { callPartnerOperation, type CallContext, type HttpSettings } from "./http";
import { partnerRequests, type TransactionQuery } from "./partner-requests";

export type { TransactionQuery } from "./partner-requests";

export interface LoyaltyClientSettings extends HttpSettings {
  /** `svc_client_applicationName` given at registration. */
  applicationName: string;
}

const segment = (value: string) => encodeURIComponent(value);

/**
 * A typed client of the partner operations. It knows only the contract in
 * lib/contract and an HTTP address, so it works against any implementation
 * of the spec. Every answer is validated; refusals are LoyaltyApiError.
 * The `…AsAgent` methods act for an agent of an offline channel.
 */
export function createLoyaltyClient(settings: LoyaltyClientSettings) {
  const requests = partnerRequests(settings.applicationName);
  const call = <Schema extends z.ZodType | undefined>(request: Parameters<typeof callPartnerOperation<Schema>>[1]) =>
    callPartnerOperation(settings, request);

  return {
    retrieveProgrammes: (
      query: { locationIdentifier?: string; membershipIdentifier?: string } = {},
      context?: CallContext,
    ) =>
      call({
        method: "GET",
        path: "/v1/programmes",
        query: { "location-identifier": query.locationIdentifier, "membership-identifier": query.membershipIdentifier },
        context,
        responseSchema: programmeListResponseSchema,
      }),

    retrieveProgramme: (programmeIdentifier: string, context?: CallContext) =>
      call({
        method: "GET",
        path: `/v1/programmes/${segment(programmeIdentifier)}`,
        context,
        responseSchema: programmeResponseSchema,
      }),

    retrieveAccount: (programme: string, membershipNumber: string, context: CallContext, fields?: AccountField[]) =>
      call({ ...requests.retrieveAccount(programme, membershipNumber, fields), context }),

    /** The primary programme's variant identifies the member by the token; the others name the account. */
    retrieveTransactions: (
      variant: TransactionsVariant,
      programme: string,
      membershipNumber: string,
      query: TransactionQuery,
      context: CallContext,
    ) =>
      call({
        ...requests.retrieveTransactions(variant, programme, membershipNumber, query, {
          accountInPath: variant !== "primary",
        }),
        context,
      }),

    creditAccount: (membershipNumber: string, body: CreditRequest, context?: CallContext) =>
      call({
        method: "POST",
        path: `/v1/programmes/${primaryProgramme}/accounts/${segment(membershipNumber)}/credit-transaction-requests`,
        body,
        context,
        responseSchema: creditResponseSchema,
      }),

    debitAccount: (programme: string, membershipNumber: string, body: DebitRequest, context: CallContext) =>
      call({
        method: "POST",
        path: `/v1/programmes/${segment(programme)}/accounts/${segment(membershipNumber)}/debit-transaction-requests`,
        body,
        headers: { svc_client_application_name: settings.applicationName },
        context,
        responseSchema: debitResponseSchema,
      }),

    reverseTransaction: (programme: string, membershipNumber: string, body: ReverseRequest, context: CallContext) =>
      call({ ...requests.reverseTransaction(programme, membershipNumber, body), context }),

    /** P7: 201 with an empty body. */
    registerAccount: (membershipNumber: string, body: unknown, context?: CallContext) =>
      call({
        method: "POST",
        path: `/v2/memberships/${segment(membershipNumber)}/registrations`,
        body,
        context,
        responseSchema: undefined,
      }),

    /** P8: 204 with an empty body; send only the changed elements. */
    updateMembership: (membershipNumber: string, body: unknown, context: CallContext) =>
      call({ ...requests.updateMembership(membershipNumber, body), context }),

    /** The membership read model (an extension; see docs/decisions.md). */
    retrieveMembership: (membershipNumber: string, context: CallContext) =>
      call({ ...requests.retrieveMembership(membershipNumber), context }),

    /**
     * P9 (v2 body) with a request checked against the contract first, so a
     * request the service would refuse never leaves the portal.
     */
    retrieveProductPricing: (request: ProductPriceRequest, context?: CallContext) =>
      call({
        method: "POST",
        path: "/v2/product-prices",
        body: productPriceRequestSchema("v2").parse(request),
        context,
        responseSchema: productPriceResponseSchema,
      }),

    priceProducts: (body: unknown, context?: CallContext) =>
      call({ method: "POST", path: "/v2/product-prices", body, context, responseSchema: productPriceResponseSchema }),

    /**
     * The partner's own request log of the last 7 days (an extension; see
     * docs/decisions.md), newest first, for the api_key's environment.
     */
    retrieveRequestLog: (query: RequestLogQuery = {}) =>
      call({
        method: "GET",
        path: "/v1/partner/requests",
        query: {
          operation: query.operation,
          status: query.status,
          "request-id": query.requestId,
          page: query.page?.toString(),
          "page-size": query.pageSize?.toString(),
        },
        responseSchema: requestLogResponseSchema,
      }),

    // Offline channels: the partner's client token and X-Agent-Id instead of the member's token.
    ...agentOperations(call, settings.applicationName),
  };
}

export type LoyaltyClient = ReturnType<typeof createLoyaltyClient>;
