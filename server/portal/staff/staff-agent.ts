import "server-only";
import type { AgentContext } from "@/lib/loyalty-client/agent-operations";
import { partnerClientTokens } from "@/server/portal/agent-tokens";
import type { StaffSession } from "./staff-session";

/**
 * How a member of staff reaches the service: the partner's client token
 * (offline channels) with X-Agent-Id the account's agent id, so the
 * service records who made each change. No X-Forwarded-For: a call-centre
 * call has no end customer's address.
 */
export function staffAgent(staff: Pick<StaffSession, "agentId">): AgentContext {
  return { agentId: staff.agentId, tokens: partnerClientTokens() };
}
