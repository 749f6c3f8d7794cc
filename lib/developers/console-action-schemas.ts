import { z } from "zod";
import { redirectUriRowsSchema } from "./redirect-uri-rows";
import { eventTypes } from "@/lib/contract/webhook-events";
import { redirectUriSchema, redirectUrisSchema } from "./redirect-uris-schema";
import { webhookEndpointSchema } from "./webhook-endpoint-schema";

/**
 * The developer console's forms as their server actions parse them (the
 * browser is not trusted: anyone can post to an action). Each message is the
 * one the console shows when that field is wrong; an id the developer does
 * not own is told apart later, by the action, in the same words.
 */

/** A row id from a hidden field: digits only, as the tables' serial ids are. */
const rowId = (message: string) =>
  z
    .string()
    .regex(/^[0-9]{1,9}$/, message)
    .transform(Number);

export const staleKey = "This key is no longer in use. Reload the page.";
export const staleClient = "This client is not yours. Reload the page.";
export const staleFurtherClient = "Give one address for each programme of this client. Reload the page and try again.";
export const staleEndpoint = "This endpoint is no longer yours. Reload the page.";
export const staleEvent = "This event is not one of yours. Reload the page.";

export const rollApiKeyInput = z.object({ keyId: rowId(staleKey) });
export const rollClientSecretInput = z.object({ clientId: rowId(staleClient) });
/** The addresses first: when both are wrong, the developer hears about what they typed. */
export const redirectUrisInput = z.object({
  redirectUris: z.union([redirectUriRowsSchema, redirectUrisSchema]),
  clientId: rowId(staleClient),
});
/** One address per further programme (fields `redirectUri.<PROGRAMME>`), keyed by programme. */
export const furtherRedirectUrisInput = z.object({
  redirectUris: z.record(z.string().regex(/^[A-Z]{1,20}$/), redirectUriSchema),
  clientId: rowId(staleFurtherClient),
});
export const noInput = z.object({});

export const addEndpointInput = webhookEndpointSchema;
export const endpointInput = z.object({ endpointId: rowId(staleEndpoint) });
export const endpointEnabledInput = endpointInput.extend({
  enabled: z.string().transform((value) => value === "true"),
});
export const testEventInput = z.object({ type: z.enum(eventTypes, { error: "Choose an event type from the list." }) });
export const replayEventInput = z.object({ eventId: z.string().regex(/^evt_[0-9a-f]{32}$/, staleEvent) });
/** A `datetime-local` value, read as UTC. */
const noSince = "Enter a date and time (UTC) to replay from.";
export const replayFailedInput = z.object({
  since: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, noSince)
    .transform((value) => new Date(`${value}:00Z`))
    .refine((since) => !Number.isNaN(since.getTime()), noSince),
});

/** What a console action answers when it succeeds: what happened, and a new key or secret shown this once. */
export interface ConsoleAnswer {
  message: string;
  /** Never stored in clear: the page shows it once and it is gone. */
  secret?: string;
}

/** A new sandbox's credentials, answered to the sign-up page this once. */
export interface CreatedSandbox {
  partnerIdentifier: string;
  apiKey: string;
  clientId: string;
  clientSecret: string;
  furtherClientId: string;
  businessContextIdentifier: string;
  partnerSecret: string;
}
