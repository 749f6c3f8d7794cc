import type { Messages } from "next-intl";

/** A top-level part of the catalogue (messages/en.json) that client components may read. */
export type ClientNamespace = Exclude<keyof Messages, "sandboxBanner">;

/**
 * The part of the catalogue a page sends to the browser for its client
 * components: only the namespaces they read. The client's part of the
 * catalogue is about 35 kB, and what is sent travels in every render's RSC
 * payload and HTML, serialised with each request, so each section names
 * what its client components need (test/unit/client-namespaces.test.ts
 * finds them through the imports). The sandbox banner is rendered on the
 * server alone: its words never travel.
 */
export function pickMessages(messages: Partial<Messages>, namespaces: readonly ClientNamespace[]): Partial<Messages> {
  const picked: Partial<Record<ClientNamespace, unknown>> = {};
  for (const namespace of namespaces) if (messages[namespace] !== undefined) picked[namespace] = messages[namespace];
  return picked as Partial<Messages>;
}
