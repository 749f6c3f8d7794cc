import type { z } from "zod";
import type { AccountField } from "@/lib/contract/retrieve-account";
import type { TransactionsVariant } from "@/lib/contract/retrieve-transactions";
import type { ReverseRequest } from "@/lib/contract/reverse-transaction";
import type { ClientTokenSource } from "./client-token-provider";
import { LoyaltyApiError } from "./errors";
import type { CallContext, PartnerCall } from "./http";
import { partnerRequests, type TransactionQuery } from "./partner-requests";

/** An agent of an offline channel (a call-centre agent, the checkout's recovery worker) acting for the partner. */
export interface AgentContext {
  /** Sent as X-Agent-Id and stored by the service with every write: letters and digits, at most 50. */
  agentId: string;
  /** The partner's client token (A2 client_credentials), e.g. from createClientTokenProvider. */
  tokens: ClientTokenSource;
  /** The end customer's IP address (X-Forwarded-For), when there is one. */
  customerIp?: string;
  /** Told of each answer's status and request id (see CallContext.onAnswer). */
  onAnswer?: CallContext["onAnswer"];
}

type Call = <Schema extends z.ZodType | undefined>(
  request: PartnerCall<Schema>,
) => Promise<Schema extends z.ZodType ? z.output<Schema> : undefined>;

const agentIdPattern = /^[A-Za-z0-9]{1,50}$/;

/** Did the service refuse the token itself (revoked or expired early), rather than the request? */
const isTokenRefusal = (error: unknown) =>
  error instanceof LoyaltyApiError && error.status === 401 && error.has("TOKEN_INVALID");

/**
 * The offline channels' calls: the partner's client token with X-Agent-Id
 * instead of a member's token (docs/decisions.md, "Offline channels").
 */
export function agentOperations(call: Call, applicationName: string) {
  const requests = partnerRequests(applicationName);
  async function asAgent<T>(agent: AgentContext, perform: (context: CallContext) => Promise<T>): Promise<T> {
    // The service stores the agent id as sent: refuse one it would refuse rather than alter it.
    if (!agentIdPattern.test(agent.agentId)) {
      throw new TypeError("agentId must be 1 to 50 letters or digits (X-Agent-Id)");
    }
    const context = (accessToken: string): CallContext => ({
      accessToken,
      agentId: agent.agentId,
      customerIp: agent.customerIp,
      onAnswer: agent.onAnswer,
    });
    const token = await agent.tokens.token();
    try {
      return await perform(context(token));
    } catch (error) {
      if (!isTokenRefusal(error)) throw error;
      // The token check comes before anything is read or written, so one retry with a new token is safe.
      agent.tokens.invalidate(token);
      return perform(context(await agent.tokens.token()));
    }
  }

  return {
    /** P2 for an agent (scope retrieve_account). */
    retrieveAccountAsAgent: (
      programme: string,
      membershipNumber: string,
      agent: AgentContext,
      fields?: AccountField[],
    ) =>
      asAgent(agent, (context) => call({ ...requests.retrieveAccount(programme, membershipNumber, fields), context })),

    /** P3 for an agent (scope retrieve_account): always the form with the account in the path. */
    retrieveTransactionsAsAgent: (
      variant: TransactionsVariant,
      programme: string,
      membershipNumber: string,
      query: TransactionQuery,
      agent: AgentContext,
    ) =>
      asAgent(agent, (context) =>
        call({
          ...requests.retrieveTransactions(variant, programme, membershipNumber, query, { accountInPath: true }),
          context,
        }),
      ),

    /** The membership read model for an agent (scope retrieve_membership). */
    retrieveMembershipAsAgent: (membershipNumber: string, agent: AgentContext) =>
      asAgent(agent, (context) => call({ ...requests.retrieveMembership(membershipNumber), context })),

    /** P8 for an agent (scope write): 204, nothing returned. */
    updateMembershipAsAgent: (membershipNumber: string, body: unknown, agent: AgentContext) =>
      asAgent(agent, (context) => call({ ...requests.updateMembership(membershipNumber, body), context })),

    /**
     * P6 for an agent (scope reverse_transaction): reverses a debit this
     * partner made. Send the same body (and idempotency key) again to retry.
     */
    reverseDebitAsAgent: (
      programme: string,
      membershipNumber: string,
      body: ReverseRequest,
      agent: AgentContext,
      options: { idempotencyKey?: string } = {},
    ) =>
      asAgent(agent, (context) =>
        call({
          ...requests.reverseTransaction(programme, membershipNumber, body),
          headers: options.idempotencyKey ? { "Idempotency-Key": options.idempotencyKey } : {},
          context,
        }),
      ),
  };
}
