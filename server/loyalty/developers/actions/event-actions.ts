"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { eventTypeSchema } from "@/lib/contract/webhook-events";
import type { ConsoleActionState } from "@/lib/developers/console-states";
import { webhookEndpointSchema } from "@/lib/developers/webhook-endpoint-schema";
import { getDatabase } from "@/server/db/database";
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
import { logger } from "@/server/observability/logger";
import { requireDeveloper } from "../developer-session-cookie";
import type { DeveloperSession } from "../developer-sessions";

/**
 * The console's event actions: each checks the session on the server, acts
 * on the signed-in developer's own partner only (ids from the form are
 * matched against it) and is logged. The public Demo Partner is everyone's:
 * its events are shown, but endpoints are for sandboxes of one's own.
 */
const publicSandbox =
  "The Demo Partner is shared by everyone, so it takes no endpoints; sign up for a sandbox of your own to receive events.";
const eventsPath = "/developers/events";

function idOf(form: FormData, name: string): number | undefined {
  const value = String(form.get(name) ?? "");
  return /^[0-9]{1,9}$/.test(value) ? Number(value) : undefined;
}

function audit(session: DeveloperSession, what: string, details: Record<string, unknown> = {}) {
  logger.info({ developer: session.account.id, partner: session.partner.partnerIdentifier, ...details }, what);
}

async function ownSandbox(): Promise<DeveloperSession | ConsoleActionState> {
  const session = await requireDeveloper();
  if (!session.partner.developerSandbox) return { error: publicSandbox };
  return session;
}

export async function addEndpointAction(_previous: ConsoleActionState, form: FormData): Promise<ConsoleActionState> {
  const session = await ownSandbox();
  if (!("partner" in session)) return session;
  const parsed = webhookEndpointSchema.safeParse({
    url: String(form.get("url") ?? ""),
    eventTypes: form.getAll("eventTypes").map(String),
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Check the address and the event types." };
  const refusal = refusedTarget(parsed.data.url);
  if (refusal) return { error: refusal };
  const created = await createEndpoint(await getDatabase(), session.partner.id, parsed.data);
  if ("refused" in created)
    return {
      error:
        created.refused === "duplicate"
          ? "You already have an endpoint at this address."
          : `A sandbox has at most ${maxEndpointsPerPartner} endpoints: remove one first.`,
    };
  audit(session, "developer added a webhook endpoint", { endpoint: created.id });
  revalidatePath(eventsPath);
  return {
    ok: true,
    secret: created.secret,
    message: "Added. Copy its signing secret now: it is shown only once.",
  };
}

export async function rollEndpointSecretAction(
  _previous: ConsoleActionState,
  form: FormData,
): Promise<ConsoleActionState> {
  const session = await ownSandbox();
  if (!("partner" in session)) return session;
  const endpointId = idOf(form, "endpointId");
  const secret =
    endpointId === undefined
      ? undefined
      : await rollEndpointSecret(await getDatabase(), session.partner.id, endpointId, new Date());
  if (!secret) return { error: "This endpoint is no longer yours. Reload the page." };
  audit(session, "developer rolled a webhook secret", { endpoint: endpointId });
  revalidatePath(eventsPath);
  return {
    ok: true,
    secret,
    message: `Copy the new secret now: it is shown only once. Events are signed with both secrets for ${secretRolloverHours} hours.`,
  };
}

export async function setEndpointEnabledAction(
  _previous: ConsoleActionState,
  form: FormData,
): Promise<ConsoleActionState> {
  const session = await ownSandbox();
  if (!("partner" in session)) return session;
  const endpointId = idOf(form, "endpointId");
  const enabled = form.get("enabled") === "true";
  const done =
    endpointId !== undefined &&
    (await setEndpointEnabled(await getDatabase(), session.partner.id, endpointId, enabled));
  if (!done) return { error: "This endpoint is no longer yours. Reload the page." };
  audit(session, enabled ? "developer turned a webhook endpoint on" : "developer turned a webhook endpoint off", {
    endpoint: endpointId,
  });
  revalidatePath(eventsPath);
  return {
    ok: true,
    message: enabled ? "Turned on: new events are sent to it." : "Turned off: no events are sent until you turn it on.",
  };
}

export async function deleteEndpointAction(_previous: ConsoleActionState, form: FormData): Promise<ConsoleActionState> {
  const session = await ownSandbox();
  if (!("partner" in session)) return session;
  const endpointId = idOf(form, "endpointId");
  const done = endpointId !== undefined && (await deleteEndpoint(await getDatabase(), session.partner.id, endpointId));
  if (!done) return { error: "This endpoint is no longer yours. Reload the page." };
  audit(session, "developer removed a webhook endpoint", { endpoint: endpointId });
  revalidatePath(eventsPath);
  return { ok: true, message: "Removed, with its delivery history." };
}

export async function sendTestEventAction(_previous: ConsoleActionState, form: FormData): Promise<ConsoleActionState> {
  const session = await ownSandbox();
  if (!("partner" in session)) return session;
  const type = eventTypeSchema.safeParse(String(form.get("type") ?? ""));
  if (!type.success) return { error: "Choose an event type from the list." };
  await sendTestEvent(await getDatabase(), session.partner.id, type.data, new Date());
  audit(session, "developer sent a test event", { type: type.data });
  revalidatePath(eventsPath);
  return { ok: true, message: `A test ${type.data} event is on its way to your endpoints that take it.` };
}

export async function replayEventAction(_previous: ConsoleActionState, form: FormData): Promise<ConsoleActionState> {
  const session = await ownSandbox();
  if (!("partner" in session)) return session;
  const eventId = String(form.get("eventId") ?? "");
  const queued = /^evt_[0-9a-f]{32}$/.test(eventId)
    ? await replayEvent(await getDatabase(), session.partner.id, eventId, new Date())
    : undefined;
  if (queued === undefined) return { error: "This event is not one of yours. Reload the page." };
  audit(session, "developer replayed an event", { event: eventId });
  revalidatePath(eventsPath);
  return queued === 0
    ? { error: "None of your endpoints that are on takes this type of event." }
    : { ok: true, message: `Sent again, with the same id, to ${queued === 1 ? "1 endpoint" : `${queued} endpoints`}.` };
}

export async function replayFailedAction(_previous: ConsoleActionState, form: FormData): Promise<ConsoleActionState> {
  const session = await ownSandbox();
  if (!("partner" in session)) return session;
  const value = String(form.get("since") ?? "");
  const since = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? new Date(`${value}:00Z`) : undefined;
  if (!since || Number.isNaN(since.getTime())) return { error: "Enter a date and time (UTC) to replay from." };
  const queued = await replayFailedSince(await getDatabase(), session.partner.id, since, new Date());
  audit(session, "developer replayed failed events", { since: since.toISOString(), queued });
  revalidatePath(eventsPath);
  return queued === 0
    ? { ok: true, message: "No failed deliveries since then (to endpoints that are on)." }
    : { ok: true, message: `${queued === 1 ? "1 failed delivery" : `${queued} failed deliveries`} sent again.` };
}
