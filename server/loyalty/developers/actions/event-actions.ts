"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { refusal, type ActionRefusal } from "@/lib/actions/action-result";
import {
  addEndpointInput,
  endpointEnabledInput,
  endpointInput,
  replayEventInput,
  replayFailedInput,
  staleEndpoint,
  staleEvent,
  testEventInput,
  type ConsoleAnswer,
} from "@/lib/developers/console-action-schemas";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import { refusedTarget } from "@/server/loyalty/events/delivery-address-policy";
import {
  createEndpoint,
  deleteEndpoint,
  maxEndpointsPerPartner,
  rollEndpointSecret,
  secretRolloverHours,
  setEndpointEnabled,
} from "@/server/loyalty/events/manage-endpoints";
import { replayEvent, replayFailedSince } from "@/server/loyalty/events/replay-events";
import { sendTestEvent } from "@/server/loyalty/events/send-test-event";
import { consumeTestEventSend } from "@/server/loyalty/events/test-event-limit";
import { logger } from "@/server/observability/logger";
import { developerAction, field } from "../developer-action";
import type { DeveloperSession } from "../developer-sessions";

/**
 * The console's event actions, through developerAction: each acts on the
 * signed-in developer's own partner only (ids from the form are matched
 * against it) and is logged. The public Demo Partner is everyone's: its
 * events are shown, but endpoints are for sandboxes of one's own.
 */
const publicSandbox =
  "The Demo Partner is shared by everyone, so it takes no endpoints; sign up for a sandbox of your own to receive events.";
const eventsPath = "/developers/events";
const eventAction = { session: "redirect", ownSandboxOnly: publicSandbox } as const;

/** Test events and replays count against the sandbox's limit before anything is sent; the refusal says when to come back. */
async function withinSendLimit(developer: DeveloperSession, now: Date): Promise<ActionRefusal | undefined> {
  const send = await consumeTestEventSend(await getDatabase(), developer.partner.id, now);
  if (send.allowed) return undefined;
  logger.info(
    { developer: developer.account.id, partner: developer.partner.partnerIdentifier },
    "test event limit reached",
  );
  return refusal("refused", send.message);
}

function audit(session: DeveloperSession, what: string, details: Record<string, unknown> = {}) {
  logger.info({ developer: session.account.id, partner: session.partner.partnerIdentifier, ...details }, what);
  revalidatePath(eventsPath);
}

export const addEndpointAction = developerAction(
  {
    ...eventAction,
    name: "add-webhook-endpoint",
    read: (form) => ({ url: field(form, "url"), eventTypes: form.getAll("eventTypes").map(String) }),
    input: addEndpointInput,
  },
  async ({ input, developer }): Promise<ConsoleAnswer | ActionRefusal> => {
    const refused = await refusedTarget(input.url);
    if (refused) return refusal("refused", refused);
    const created = await createEndpoint(await getDatabase(), developer.partner.id, input);
    if ("refused" in created)
      return refusal(
        "refused",
        created.refused === "duplicate"
          ? "You already have an endpoint at this address."
          : `A sandbox has at most ${maxEndpointsPerPartner} endpoints: remove one first.`,
      );
    audit(developer, "developer added a webhook endpoint", { endpoint: created.id });
    return { secret: created.secret, message: "Added. Copy its signing secret now: it is shown only once." };
  },
);

export const rollEndpointSecretAction = developerAction(
  {
    ...eventAction,
    name: "roll-webhook-secret",
    read: (form) => ({ endpointId: field(form, "endpointId") }),
    input: endpointInput,
  },
  async ({ input, developer }): Promise<ConsoleAnswer | ActionRefusal> => {
    const secret = await rollEndpointSecret(await getDatabase(), developer.partner.id, input.endpointId, new Date());
    if (!secret) return refusal("refused", staleEndpoint);
    audit(developer, "developer rolled a webhook secret", { endpoint: input.endpointId });
    return {
      secret,
      message: `Copy the new secret now: it is shown only once. Events are signed with both secrets for ${secretRolloverHours} hours.`,
    };
  },
);

export const setEndpointEnabledAction = developerAction(
  {
    ...eventAction,
    name: "set-webhook-endpoint-enabled",
    read: (form) => ({ endpointId: field(form, "endpointId"), enabled: field(form, "enabled") }),
    input: endpointEnabledInput,
  },
  async ({ input: { endpointId, enabled }, developer }): Promise<ConsoleAnswer | ActionRefusal> => {
    const done = await setEndpointEnabled(await getDatabase(), developer.partner.id, endpointId, enabled);
    if (!done) return refusal("refused", staleEndpoint);
    audit(developer, enabled ? "developer turned a webhook endpoint on" : "developer turned a webhook endpoint off", {
      endpoint: endpointId,
    });
    return {
      message: enabled
        ? "Turned on: new events are sent to it."
        : "Turned off: no events are sent until you turn it on.",
    };
  },
);

export const deleteEndpointAction = developerAction(
  {
    ...eventAction,
    name: "delete-webhook-endpoint",
    read: (form) => ({ endpointId: field(form, "endpointId") }),
    input: endpointInput,
  },
  async ({ input, developer }): Promise<ConsoleAnswer | ActionRefusal> => {
    const done = await deleteEndpoint(await getDatabase(), developer.partner.id, input.endpointId);
    if (!done) return refusal("refused", staleEndpoint);
    audit(developer, "developer removed a webhook endpoint", { endpoint: input.endpointId });
    return { message: "Removed, with its delivery history." };
  },
);

export const sendTestEventAction = developerAction(
  { ...eventAction, name: "send-test-event", read: (form) => ({ type: field(form, "type") }), input: testEventInput },
  async ({ input, developer }): Promise<ConsoleAnswer | ActionRefusal> => {
    const now = new Date();
    const limited = await withinSendLimit(developer, now);
    if (limited) return limited;
    await sendTestEvent(await getDatabase(), developer.partner.id, input.type, now);
    audit(developer, "developer sent a test event", { type: input.type });
    return { message: `A test ${input.type} event is on its way to your endpoints that take it.` };
  },
);

export const replayEventAction = developerAction(
  {
    ...eventAction,
    name: "replay-event",
    read: (form) => ({ eventId: field(form, "eventId") }),
    input: replayEventInput,
  },
  async ({ input, developer }): Promise<ConsoleAnswer | ActionRefusal> => {
    const now = new Date();
    const limited = await withinSendLimit(developer, now);
    if (limited) return limited;
    const queued = await replayEvent(await getDatabase(), developer.partner.id, input.eventId, now);
    if (queued === undefined) return refusal("refused", staleEvent);
    audit(developer, "developer replayed an event", { event: input.eventId });
    if (queued === 0) return refusal("refused", "None of your endpoints that are on takes this type of event.");
    return { message: `Sent again, with the same id, to ${queued === 1 ? "1 endpoint" : `${queued} endpoints`}.` };
  },
);

export const replayFailedAction = developerAction(
  {
    ...eventAction,
    name: "replay-failed-deliveries",
    read: (form) => ({ since: field(form, "since") }),
    input: replayFailedInput,
  },
  async ({ input: { since }, developer }): Promise<ConsoleAnswer | ActionRefusal> => {
    const now = new Date();
    const limited = await withinSendLimit(developer, now);
    if (limited) return limited;
    const queued = await replayFailedSince(await getDatabase(), developer.partner.id, since, now);
    audit(developer, "developer replayed failed events", { since: since.toISOString(), queued });
    return {
      message:
        queued === 0
          ? "No failed deliveries since then (to endpoints that are on)."
          : `${queued === 1 ? "1 failed delivery" : `${queued} failed deliveries`} sent again.`,
    };
  },
);
